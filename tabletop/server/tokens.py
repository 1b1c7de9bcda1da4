"""Secret seat tokens and table ids.

A token is 144 random bits, shown once in the seat's invitation link and stored only as its
SHA-256: whoever reads the database cannot act for a seat.  Table ids are public.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same(token_hash: str | None, token: str) -> bool:
    return token_hash is not None and hmac.compare_digest(token_hash, hash_token(token))


def new_table_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
