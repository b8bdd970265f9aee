"""The server under hostile pages, floods and impatient clients: a real ``pysolver serve`` on 127.0.0.1."""

import http.client
import json
import os
import socket
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web app needs the web extra")

from starlette.testclient import TestClient

from pysolver.web import create_app
from pysolver.web._app import MAX_BODY, SLOW_PER_CLIENT
from tests.helpers.web_server import rss_mib, running_server

SHOWDOWN = "/api/showdown?p=AsKs&p=QhQd&board=JsTs2c7h3d"
LONG_EQUITY = {"p": ["AhKh"] + ["random"] * 8, "trials": 100_000_000}  # minutes on one core


def ask(url, path, method="GET", body=None, headers=None, timeout=30):
    """One request to the server at ``url`` with exactly these headers: (status, JSON answer)."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        sent = {"Host": parts.netloc} | (headers or {})
        if body is not None:
            sent.setdefault("Content-Length", str(len(body)))
        for name, value in sent.items():
            if value is not None:
                connection.putheader(name, value)
        connection.endheaders(body)
        answer = connection.getresponse()
        text = answer.read()
        is_json = answer.getheader("content-type", "").startswith("application/json")
        return answer.status, json.loads(text) if is_json else text
    finally:
        connection.close()


def read_answer(sock):
    """An HTTP answer read off a socket until the server closes it or its body is complete."""
    answer = b""
    while b"\r\n\r\n" not in answer or len(answer.split(b"\r\n\r\n", 1)[1]) < int(
        (answer.lower().split(b"content-length:", 1)[1:] or [b"0"])[0].split(b"\r\n")[0]
    ):
        try:
            more = sock.recv(65536)
        except ConnectionResetError:
            break
        if not more:
            break
        answer += more
    return answer.decode()


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.fixture(scope="module")
def server():
    with running_server("--workers", "1", "--allow-host", "poker.lan") as (url, process):
        yield url, process


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.1.evil.example", "attacker.localhost"])
def test_a_name_the_server_does_not_answer_to_is_refused(server, host):
    url, _ = server
    for path in ("/equity", "/static/app.css", SHOWDOWN):
        status, answer = ask(url, path, headers={"Host": host})
        assert status == 421
        text = answer["error"] if path == SHOWDOWN else answer.decode()
        assert "does not answer to the name" in text and "--allow-host" in text


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "LOCALHOST.", "poker.lan"])
def test_the_servers_own_names_are_served(server, host):
    url, _ = server
    port = urllib.parse.urlsplit(url).port
    status, answer = ask(url, SHOWDOWN, headers={"Host": f"{host}:{port}"})
    assert status == 200 and answer["winners"] == [1]


def test_a_request_from_another_site_computes_nothing(server):
    url, process = server
    body = json.dumps(LONG_EQUITY).encode()
    before = cpu_seconds(process.pid)
    for headers in (
        {"Origin": "https://evil.example", "Content-Type": "text/plain"},  # a form or no-cors fetch
        {"Origin": "https://evil.example", "Content-Type": "application/json"},
        {"Origin": "null", "Content-Type": "application/json"},  # a sandboxed frame
        {"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"},
        {"Sec-Fetch-Site": "same-site", "Content-Type": "application/json"},
    ):
        status, answer = ask(url, "/api/equity", "POST", body, headers)
        assert status == 403 and "use this server's own pages" in answer["error"], headers
    query = "/api/equity?" + urllib.parse.urlencode(LONG_EQUITY, doseq=True)
    status, answer = ask(url, query, headers={"Sec-Fetch-Site": "cross-site"})
    assert status == 403  # an <img> or a link on another site
    status, answer = ask(url, "/api/equity", "POST", body, {"Content-Type": "text/plain"})
    assert status == 415 and "application/json" in answer["error"]  # a form's body, without an Origin
    assert cpu_seconds(process.pid) - before < 0.5  # nothing was computed


def test_the_servers_own_pages_and_plain_clients_compute(server):
    url, _ = server
    body = json.dumps({"p": ["AsKs", "QhQd"], "board": "JsTs2c7h3d"}).encode()
    origin = url.rstrip("/")
    for headers in (
        {"Origin": origin, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"},
        {"Content-Type": "application/json; charset=utf-8"},  # curl, a script
    ):
        status, answer = ask(url, "/api/showdown", "POST", body, headers)
        assert status == 200 and answer["winners"] == [1]
    status, _ = ask(url, SHOWDOWN, headers={"Sec-Fetch-Site": "none"})  # typed in the address bar
    assert status == 200


def test_a_body_announced_over_the_limit_is_refused_at_its_header(server):
    url, _ = server
    parts = urllib.parse.urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        sock.sendall(
            f"POST /api/equity HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
            "Content-Length: 1073741824\r\n\r\n".encode()
        )
        answer = read_answer(sock)  # no byte of the body sent
    assert answer.startswith("HTTP/1.1 413") and f"over {MAX_BODY:,} bytes" in answer


@pytest.mark.heavy
def test_a_streamed_gigabyte_is_cut_off_and_memory_stays_flat(server):
    url, process = server
    parts = urllib.parse.urlsplit(url)
    before = rss_mib(process.pid)
    chunk = b"[" * (1 << 20)
    sent, answer = 0, b""
    with socket.create_connection((parts.hostname, parts.port), timeout=20) as sock:
        sock.sendall(
            f"POST /api/equity HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n".encode()
        )
        try:
            while sent < 1 << 30:
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
                peak = rss_mib(process.pid)
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = read_answer(sock)
    assert sent < 256 << 20  # cut off long before the gigabyte
    assert not answer or answer.startswith("HTTP/1.1 413")
    assert peak - before < 64
    assert ask(url, SHOWDOWN)[0] == 200


def test_json_nested_deep_is_a_one_line_400(server):
    url, _ = server
    status, answer = ask(url, "/api/showdown", "POST", b"[" * 1000 + b"]" * 1000, {"Content-Type": "application/json"})
    assert status == 400 and "nests 1,000 deep: at most 400" in answer["error"]


def test_rules_name_no_path_of_the_servers(server):
    url, _ = server
    status, answer = ask(url, "/api/rules?rules=short_deck")
    assert status == 200 and answer["file"] == "short_deck.lp"
    assert "/" not in json.dumps({k: v for k, v in answer.items() if k != "text"}).replace("\\/", "")


@pytest.mark.heavy
def test_a_computation_whose_client_leaves_stops_within_a_second(server):
    url, process = server
    parts = urllib.parse.urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        query = urllib.parse.urlencode(LONG_EQUITY, doseq=True)
        sock.sendall(f"GET /api/equity?{query} HTTP/1.1\r\nHost: {parts.netloc}\r\n\r\n".encode())
        time.sleep(1.5)
        busy = cpu_seconds(process.pid)
        time.sleep(1.0)
        assert cpu_seconds(process.pid) - busy > 0.5  # computing
    time.sleep(1.5)  # the client is gone: within a second the work stops
    idle = cpu_seconds(process.pid)
    time.sleep(2.0)
    assert cpu_seconds(process.pid) - idle < 0.3
    start = time.monotonic()
    assert ask(url, SHOWDOWN)[0] == 200  # the one worker is free again
    assert time.monotonic() - start < 2


@pytest.mark.heavy
def test_cheap_requests_answer_at_once_while_slow_ones_queue(server):
    url, _ = server
    query = "/api/equity?" + urllib.parse.urlencode(LONG_EQUITY, doseq=True)
    statuses = []

    def slow(_):
        try:
            statuses.append(ask(url, query, timeout=3)[0])
        except TimeoutError:
            statuses.append("waiting")

    with ThreadPoolExecutor(30) as pool:
        flood = [pool.submit(slow, i) for i in range(30)]
        time.sleep(1.0)
        start = time.monotonic()
        status, answer = ask(url, "/api/range?range=QQ%2B,AKs")
        cheap = time.monotonic() - start
        for future in flood:
            future.result()
    assert status == 200 and answer["combos"] == 22 and cheap < 1.0
    assert statuses.count(429) == 30 - SLOW_PER_CLIENT, sorted(map(str, statuses))
    assert statuses.count("waiting") == SLOW_PER_CLIENT
    time.sleep(1.5)  # the waiting clients timed out and left: their work is cancelled
    assert ask(url, SHOWDOWN, timeout=5)[0] == 200


def test_a_test_client_under_another_name_is_refused():
    with TestClient(create_app()) as client:  # "testserver": not a name of this machine
        assert client.get("/equity").status_code == 421
    with TestClient(create_app(hosts=("testserver",))) as client:
        assert client.get(SHOWDOWN).status_code == 200
