"""Schemathesis hooks for bench/fuzz-api.sh (loaded through SCHEMATHESIS_HOOKS).

Two kinds of generated requests are not sent, each for a reason outside the server:

* A "valid" request body that is not valid. Schemathesis's coverage phase makes boundary
  values from `minLength`, `pattern` and the like without applying `not`, so it sends, say, the
  password `00000000` as valid although the document's `not` pattern lists it as a common
  password, which the server refuses. A positive body is checked against the document's own
  schema first (jsonschema_rs, which schemathesis installs) and dropped if it fails: this can
  never hide a request the document calls valid and the server refuses.
* A registration whose password contains the account's name (in any case). The server refuses
  it, and the document says so in words, but the rule compares two fields, which JSON Schema
  cannot express.
"""

import jsonschema_rs
import schemathesis

_validators = {}


def _body_validator(operation):
    key = (operation.method.lower(), operation.path)
    if key not in _validators:
        validator = None
        definition = operation.definition.raw
        content = definition.get("requestBody", {}).get("content", {})
        schema = content.get("application/json", {}).get("schema")
        if schema is not None:
            root = dict(schema)
            root["components"] = operation.schema.raw_schema.get("components", {})
            validator = jsonschema_rs.Draft202012Validator(root)
        _validators[key] = validator
    return _validators[key]


@schemathesis.hook
def filter_case(context, case):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or not isinstance(case.body, dict):
        return True
    validator = _body_validator(case.operation)
    if validator is not None and not validator.is_valid(case.body):
        return False
    if case.operation.method.upper() == "POST" and case.operation.path == "/api/register":
        name, password = case.body.get("name"), case.body.get("password")
        if isinstance(name, str) and isinstance(password, str) and name:
            return name.lower() not in password.lower()
    return True
