"""The HTTP API's contract (issue 32): what every operation may answer, and what it checks.

The OpenAPI document (``GET /api/openapi.json``) is FastAPI's, made exact here, in one place:

- **Refusals.** Every refusal but a malformed request's has one body, :class:`Error`
  (``{"detail": "why, in words"}``; a sign-up's also names the form's ``field``).  A request the
  models refuse (a missing field, a wrong type, a string too long) gets FastAPI's 422 and its
  list of problems.  A route declares what it may answer with :func:`declare`, from the reasons
  below (:data:`TOKEN`, :data:`LOGIN`, :data:`NO_TABLE`...), so that one sentence describes one
  refusal everywhere.
- **What every request may meet on its way** (the middleware, app.py): a suspended address gets
  403 on every path (moderation.py), a state-changing request from another site's page 403
  (origins.py), a body over 16 KB (or chunked) 413 (app.py's Guard), a body that is not JSON 400
  (FastAPI).  :func:`document` adds them to every operation where they can happen, so no route
  repeats them; and a 405's ``Allow`` names every method of the path (:func:`refuse`).
- **Who is asking.** The session cookie (``session``) and a bot account's API token (``token``)
  are the document's security schemes; :data:`OPTIONAL`, :data:`PERSON`, :data:`OWNER` and
  :data:`BOT` say which an operation takes.
- **What the code checks, the document says.** Constraints the models enforce are in their
  fields (strict models, :class:`Body`: ``"1"`` is no number); a constraint the code
  checks itself, to refuse in its own words (a new account's name, a table's id), is declared
  with :func:`checked`: the same pattern or range, answered with 400 or 404 instead of 422.

The WebSocket's messages have a JSON Schema of their own (ws_schema.py, ``/api/schema/ws.json``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import FastAPI, Path, Request, Response
from fastapi.exception_handlers import http_exception_handler
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from starlette.exceptions import HTTPException
from starlette.routing import Match

from ..core.registry import names

Responses = dict[int | str, dict[str, Any]]
Reasons = Mapping[int, str]


class Body(BaseModel):
    """A request's body, its fields' types exactly the document's: strict, so that ``"1"`` is no
    number and ``0`` no boolean (pydantic's lax mode would take both)."""

    model_config = ConfigDict(strict=True)


def whole_number(value: Any) -> Any:
    """58.0 is the integer 58 in JSON Schema (and in JavaScript): take it as 58."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


Whole = Annotated[int, BeforeValidator(whole_number)]
"""A body's integer: a JSON number with no fraction, never a string nor a boolean."""


class Error(BaseModel):
    """A refusal: nothing changed, and the reason says nothing the asker may not know."""

    model_config = ConfigDict(extra="forbid")
    detail: str = Field(description="why, in words")


class FieldError(Error):
    """A form's refusal (sign-up): the reason and the field at fault, for the page to point at."""

    field: str = Field(description="the request's field at fault")


RETRY_AFTER = {
    "Retry-After": {
        "description": "seconds to wait before trying again",
        "required": True,
        "schema": {"type": "string", "pattern": "^[0-9]+$"},
    }
}

# -- reasons, by kind of route ------------------------------------------------------------------
TOKEN: Reasons = {
    401: "an API token that is not valid (revoked, or never made)",
    429: "more requests with this API token than it may make in a minute",
}
"""A route that asks who is asking, outside /api/account/: a token shown is checked (bot_auth.py)."""
BOT_COOKIE: Reasons = {403: "a bot account's session cookie: a bot account plays only with its tokens"}
"""... and that changes something: a bot account's cookie only manages the account."""
LOGIN: Reasons = {401: "not logged in"}
ACCOUNT: Reasons = {401: "not logged in", 403: "an API token: the account is managed by its owner, logged in"}
"""Under /api/account/: the owner's session cookie manages the account; a token is refused."""
NO_TABLE: Reasons = {404: "no such table"}
TABLE_LIMITS: Reasons = {429: "beyond the tables this address may create (docs/server.md, Limits)"}
NO_GAME: Reasons = {404: "no such game"}
SEAT_REFUSED: Reasons = {409: "no such person seat; it is taken; the game is over; a block stands in the way"}
"""A seat taken from the lobby or given by invitation (the path's table exists: 409, not 404)."""

# -- who may ask (the document's security schemes) ----------------------------------------------
SCHEMES = {
    "session": {
        "type": "apiKey",
        "in": "cookie",
        "name": "tabletop_session",
        "description": "a logged-in account's session (POST /api/account/login or signup sets it)",
    },
    "token": {
        "type": "http",
        "scheme": "bearer",
        "description": "a bot account's API token, tbot.… (docs/bots.md)",
    },
}
Security = list[dict[str, list[str]]]
OPTIONAL: Security = [{}, {"session": []}, {"token": []}]  # anybody; an account acts as itself
PERSON: Security = [{"session": []}, {"token": []}]  # an account: logged in, or a bot account's token
OWNER: Security = [{"session": []}]  # the account's owner, logged in (under /api/account/)
BOT: Security = [{"token": []}]  # a bot account's program, with its token (/api/bot/)

# -- what the middleware answers, on every operation it can (app.py) ----------------------------
SAFE_METHODS = frozenset({"get", "head", "options"})
OPEN_PATHS = ("/healthz", "/readyz", "/metrics")  # never refused to a suspended address
SUSPENDED = "this client address is suspended (moderation)"
FOREIGN = "the request's Origin is another site's page (origins.py)"
TOO_LARGE = "the request's body is over 16 KB, or chunked"
NOT_JSON = "the request's body cannot be parsed (not JSON)"


def body(model: type[BaseModel]) -> dict[str, Any]:
    """A JSON body of ``model``: a refusal is JSON even where a success is an image or text."""
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{model.__name__}"}}}


def response(code: int, description: str, model: type[BaseModel] = Error) -> dict[str, Any]:
    """One declared answer: its description and body (and ``Retry-After`` for a 429)."""
    found: dict[str, Any] = {"description": description, "content": body(model)}
    if code == 429:
        found["headers"] = RETRY_AFTER
    return found


def declare(
    *reasons: Reasons,
    security: Security | None = None,
    links: Mapping[int, Mapping[str, Any]] | None = None,
    bodies: Mapping[int, type[BaseModel]] | None = None,
    media: Mapping[int, str] | None = None,
    more: Responses | None = None,
) -> dict[str, Any]:
    """A route decorator's ``responses`` (and ``openapi_extra``: its security), with links from
    its answers to other operations: each code once, its reasons joined; a body other than
    :class:`Error` where ``bodies`` says; ``media``: a success's type, not JSON (its body a string);
    ``more``: other answers, as FastAPI takes them."""
    merged: dict[int, list[str]] = {}
    for part in reasons:
        for code, why in part.items():
            if why not in merged.setdefault(code, []):
                merged[code].append(why)
    responses: Responses = {code: response(code, "; ".join(whys)) for code, whys in sorted(merged.items())}
    for code, model in (bodies or {}).items():
        responses[code]["content"] = body(model)
    for code, kind in (media or {}).items():
        responses[code] = {"content": {kind: {"schema": {"type": "string"}}}}
    responses |= more or {}
    for code, linked in (links or {}).items():
        responses.setdefault(code, {})["links"] = dict(linked)
    found: dict[str, Any] = {"responses": responses}
    if security is not None:
        found["openapi_extra"] = {"security": security}
    return found


def link(method: str, path: str, **parameters: str) -> dict[str, Any]:
    """An OpenAPI link to the operation ``method path``, its parameters taken from the answer
    (``table_id="$response.body#/table/id"``)."""
    pointer = path.replace("~", "~0").replace("/", "~1")
    return {"operationRef": f"#/paths/{pointer}/{method}", "parameters": parameters}


TABLE = "/api/tables/{table_id}"


def table_links(source: str = "$response.body#/table/id") -> dict[str, Any]:
    """Links from an answer naming a table (``source``) to what may be asked of that table."""
    read = {"summary": "", "replay": "/replay", "record": "/record", "review": "/review"}
    write = {"take": "/take", "rematch": "/rematch", "invite": "/invite", "leave_guide": "/guide/leave"}
    found = {name: link("get", TABLE + tail, table_id=source) for name, tail in read.items()}
    found |= {name: link("post", TABLE + tail, table_id=source) for name, tail in write.items()}
    return found


def player_links(source: str) -> dict[str, Any]:
    """Links from an answer naming an account (``source``) to its player page and plot, and to
    blocking it."""
    return {
        "player": link("get", "/api/players/{name}", name=source),
        "plot": link("get", "/api/players/{name}/rating.svg", name=source),
        "block": link("put", "/api/account/blocks/{name}", name=source),
    }


def checked(description: str, **keywords: Any) -> dict[str, Any]:
    """A field or parameter's ``json_schema_extra``: what the code checks itself, in JSON Schema
    (``pattern``, ``minLength``...), refused in its own words (400, 404) rather than 422."""
    return {"description": description, **keywords}


# -- the document -------------------------------------------------------------------------------
def add_answer(operation: dict[str, Any], code: int, why: str) -> None:
    answers = operation.setdefault("responses", {})
    found = answers.get(str(code))
    if found is None:
        answers[str(code)] = {"description": why, "content": body(Error)}
        return
    if why not in found["description"]:
        found["description"] = f"{found['description']}; {why}"
    error = body(Error)["application/json"]["schema"]
    for kind in found.get("content", {}).values():  # a form's refusal (FieldError) or an Error
        if kind.get("schema") not in (None, error) and error not in kind["schema"].get("anyOf", ()):
            kind["schema"] = {"anyOf": [kind["schema"], error]}


def complete(doc: dict[str, Any]) -> dict[str, Any]:
    """FastAPI's document with what the middleware answers on each operation, and the security
    schemes."""
    components = doc.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    for model in (Error, FieldError):
        schemas[model.__name__] = model.model_json_schema()
    components["securitySchemes"] = SCHEMES
    for path, item in doc.get("paths", {}).items():
        for method, operation in item.items():
            if path not in OPEN_PATHS:
                add_answer(operation, 403, SUSPENDED)
            if method not in SAFE_METHODS:
                add_answer(operation, 403, FOREIGN)
            add_answer(operation, 413, TOO_LARGE)
            if "requestBody" in operation:
                add_answer(operation, 400, NOT_JSON)
    return doc


def document(app: FastAPI) -> None:
    """Make ``app.openapi()`` the exact document (computed once, as FastAPI's is)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            doc = get_openapi(
                title=app.title,
                version=app.version,
                openapi_version=app.openapi_version,
                description=app.description,
                routes=app.routes,
            )
            app.openapi_schema = complete(doc)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    app.add_exception_handler(HTTPException, refuse)


def allowed_methods(app: FastAPI, request: Request) -> list[str]:
    """Every method the routes at the request's path take."""
    found: set[str] = set()
    for route in app.router.routes:
        methods = getattr(route, "methods", None)
        if methods and route.matches(request.scope)[0] is not Match.NONE:
            found |= set(methods)
    return sorted(found)


async def refuse(request: Request, exc: Exception) -> Response:
    """FastAPI's answer to an HTTPException, but a 405's ``Allow`` names every method the path
    takes (Starlette's names those of one of its routes: ``GET`` where ``POST`` is one too)."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 405:
        allow = ", ".join(allowed_methods(request.app, request))
        exc = HTTPException(405, exc.detail, {**(exc.headers or {}), "Allow": allow})
    return await http_exception_handler(request, exc)


def any_case(words: list[str]) -> str:
    """A pattern matching any of ``words``, in any case (``[Cc][Ll][Aa][Nn]``...)."""
    cased = ("".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else c for c in w) for w in words)
    return f"^({'|'.join(cased)})$"


GAME = checked("a game's name (GET /api/games), in any case; any other: 400", pattern=any_case(names()))
"""A new table's game: the registry finds it in any case."""
PASSWORD = checked("8 to 128 characters (400 for any other)", minLength=8, maxLength=128)
"""A new password's length, checked in words (sign-up, a reset)."""

# -- parameters the code checks itself ------------------------------------------------------------
TableId = Annotated[
    str,
    Path(
        json_schema_extra=checked(
            "a table's id (8 letters and digits, made by the server); any other is no table: 404",
            pattern="^[A-Za-z0-9]{1,16}$",
        )
    ),
]
Game = Annotated[
    str,
    Path(json_schema_extra=checked("a game's name (GET /api/games); any other: 404", enum=names())),
]
RowId = Annotated[int, Path(ge=1, le=2**31 - 1, description="a number, as stored")]
AccountName = Annotated[
    str, Path(json_schema_extra=checked("an account's name; any other: 404", minLength=1, maxLength=64))
]


class SvgResponse(Response):
    media_type = "image/svg+xml"
