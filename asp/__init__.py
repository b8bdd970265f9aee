"""The ASP encodings of pysolver, shipped as package data (see README)."""
