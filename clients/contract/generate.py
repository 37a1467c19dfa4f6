#!/usr/bin/env python3
"""Writes exchanges.json: the golden exchanges of docs/protocol.md §13, for every client's tests.

Each `<!-- golden: NAME -->` block of the page becomes an entry: its bytes in hex, who sends
it, the message it is, a sentence on what it is, and the values it carries (in the protocol's
own names: camelCase, as the page writes them), so that a client's tests check both its
encoder (the values encode to the bytes) and its decoder (the bytes decode to the values).
The bytes come from the page alone; the values are written here, once, for all clients.

    python3 clients/contract/generate.py           # rewrite exchanges.json from docs/protocol.md
    python3 clients/contract/generate.py --check   # exit 1 when exchanges.json is out of date
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Any, Dict, List

HERE = os.path.dirname(os.path.abspath(__file__))
PROTOCOL = os.path.join(HERE, "..", "..", "docs", "protocol.md")
OUTPUT = os.path.join(HERE, "exchanges.json")

CARD_HASH = "sha256:5f49326d7057ee0a449053b97306a00a8d99c68dab995c04460f473ca45af97c"
PHONE_PORTRAIT = {
    "width": 390, "height": 844, "scale": 3, "direction": "ltr", "horizontalSizeClass": "compact",
    "verticalSizeClass": "regular", "safeArea": [47, 0, 34, 0], "profile": "phone-portrait",
}
NOT_FOUND = {"code": 1, "name": "notFound", "message": "no scheme is registered as 'crad'; did you mean 'card'?",
             "issues": []}


def card_snapshot(source: str, avatar: List[float], content_digest: Any) -> Dict[str, Any]:
    return {
        "source": source, "scheme": "card", "hash": CARD_HASH, "engine": "6", "environment": PHONE_PORTRAIT,
        "size": [382, 308],
        "elements": [
            {"id": "card", "frame": [8, 8, 374, 300], "inRoot": [8, 8, 374, 300]},
            {"id": "avatar", "frame": [12, 12] + avatar, "inRoot": [20, 20] + avatar},
        ],
        "textScale": 1, "contentDigest": content_digest, "scrollSizes": [],
    }


def card_lookup(scheme: str, content: Dict[str, Any]) -> Dict[str, Any]:
    return {"scheme": scheme, "environment": {"profile": "phone-portrait", "direction": None}, "textScale": None,
            "content": content}


#: What each block is, by name: who sends it, its message, and the values it carries.
#: `contentDigest` null is the protocol's empty string (the document's own content);
#: a lookup's `content` lists slots in the order they are encoded.
EXCHANGES: Dict[str, Dict[str, Any]] = {
    "client-hello": {
        "from": "client", "message": "clientHello",
        "description": "The client's hello: magic CGLD, protocol version 6, flags 0.",
        "value": {"version": 6, "flags": 0},
    },
    "server-hello": {
        "from": "server", "message": "serverHello",
        "description": "The server accepts version 6, with the default maximum frame size (8 MiB).",
        "value": {"version": 6, "status": 0, "maximumFrameSize": 8388608},
    },
    "ping": {
        "from": "client", "message": "ping", "kind": 1,
        "description": "A ping with request id 1.",
        "value": {"requestId": 1},
    },
    "pong": {
        "from": "server", "message": "pong", "kind": 0x81,
        "description": "The answer to the ping: server version 0.1.0, up 12.5 seconds.",
        "value": {"requestId": 1, "serverVersion": "0.1.0", "uptime": 12.5},
    },
    "lookup": {
        "from": "client", "message": "lookup", "kind": 5,
        "description": "A lookup of the scheme card (docs/examples/card.json) in the profile phone-portrait, in its "
                       "own direction and text scale, with the document's own content; request id 2.",
        "value": dict(requestId=2, **card_lookup("card", {})),
    },
    "snapshot": {
        "from": "server", "message": "snapshot", "kind": 0x85,
        "description": "The answer to that lookup from memory: the elements card and avatar, the profile's "
                       "environment resolved, size 382 x 308, text scale 1, no content digest, no scroll sizes. "
                       "From the store, byte 9 (the source) is 01.",
        "value": dict(requestId=2, **card_snapshot("memory", [44, 44], None)),
    },
    "error": {
        "from": "server", "message": "error", "kind": 0xFF,
        "description": "A lookup of crad (request id 3) fails: notFound, with a suggestion.",
        "value": dict(requestId=3, **NOT_FOUND),
    },
    "lookup-batch": {
        "from": "client", "message": "lookupBatch", "kind": 8,
        "description": "A batch (request id 4) of two lookups: card without its avatar (the slot hasAvatar "
                       "false), and the misspelt scheme crad.",
        "value": {"requestId": 4, "lookups": [card_lookup("card", {"hasAvatar": False}), card_lookup("crad", {})]},
    },
    "snapshots": {
        "from": "server", "message": "snapshots", "kind": 0x89,
        "description": "The answers to that batch in one frame, in order: the first computed (the avatar hidden, a "
                       "zero-size frame at its origin; the digest of {\"hasAvatar\":false}), the second notFound.",
        "value": {"requestId": 4, "answers": [
            dict(kind=0x85, **card_snapshot(
                "computed", [0, 0], "sha256:a962f8f69caa89dc0ea37ba243efc819815a1017099f292c1e915d6114bef3a7")),
            dict(kind=0xFF, **NOT_FOUND),
        ]},
    },
    "lookup-batch-with-references": {
        "from": "client", "message": "lookupBatchWithReferences", "kind": 9,
        "description": "The same page again (request id 5), version 4 and later: the first lookup by its reference "
                       "(the SHA-256 of its 48 bytes in lookup-batch, from its scheme's length to its content's "
                       "end), the second, which failed and so was not kept, in full again.",
        "value": {"requestId": 5, "lookups": [
            {"form": 1, "reference": "1133fc70e95aa732cb97725edf5905001c02eab0d15230548714989ef1a345fa",
             "referenceOf": {"exchange": "lookup-batch", "lookup": 0}},
            dict(form=0, **card_lookup("crad", {})),
        ]},
    },
    "lookup-runs": {
        "from": "client", "message": "lookup", "kind": 5,
        "description": "A lookup (request id 6) of card with the slot body as three runs (version 6): @ada in the "
                       "style mention, ' shipped it' in the text's own style, and an object 18 x 18 whose baseline "
                       "is 15 from its top. (card has no slot body: a daemon answers invalidContent.)",
        "value": dict(requestId=6, **card_lookup("card", {"body": [
            {"string": "@ada", "style": "mention"}, {"string": " shipped it"},
            {"atom": {"size": [18, 18], "baseline": 15}},
        ]})),
    },
}


def golden_blocks(text: str) -> Dict[str, bytes]:
    """Every `<!-- golden: NAME -->` block of the page: its bytes (the hex before each line's comment)."""
    blocks: Dict[str, bytes] = {}
    for match in re.finditer(r"<!-- golden: ([\w-]+) -->\s*```text\n(.*?)```", text, re.S):
        data = bytearray()
        for line in match.group(2).splitlines():
            hex_part = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
            for token in hex_part.split():
                if not re.fullmatch(r"[0-9a-fA-F]{2}", token):
                    raise ValueError(f"golden block {match.group(1)}: '{token}' in '{line}' is not a byte")
                data.append(int(token, 16))
        if match.group(1) in blocks:
            raise ValueError(f"golden block {match.group(1)} appears twice")
        blocks[match.group(1)] = bytes(data)
    return blocks


def build(protocol_text: str) -> Dict[str, Any]:
    blocks = golden_blocks(protocol_text)
    if set(blocks) != set(EXCHANGES):
        raise SystemExit(f"docs/protocol.md has the golden blocks {sorted(blocks)}; this script describes "
                         f"{sorted(EXCHANGES)}: describe the new ones in EXCHANGES")
    version = int(re.search(r"^# The cgld wire protocol, version (\d+)", protocol_text, re.M).group(1))
    exchanges = {}
    for name, data in blocks.items():
        entry = dict(EXCHANGES[name])
        if "kind" in entry:
            length = int.from_bytes(data[:4], "big")
            if length + 4 != len(data) or data[4] != entry["kind"]:
                raise SystemExit(f"golden block {name}: length {length} or kind {data[4]:#x} does not match its bytes")
        exchanges[name] = {"hex": data.hex(), **entry}
    return {
        "about": "The golden exchanges of docs/protocol.md §13, in the order of the page: the bytes of each block "
                 "(hex) and what they are. Generated by clients/contract/generate.py from the page; read by the "
                 "Swift, Python and Node clients' tests. Values use the protocol's names; a frame's bytes include "
                 "its 4-byte length.",
        "protocolVersion": version,
        "exchanges": exchanges,
    }


def render(protocol_path: str = PROTOCOL) -> str:
    with open(protocol_path, encoding="utf-8") as file:
        return json.dumps(build(file.read()), indent=2, ensure_ascii=False) + "\n"


def main(arguments: List[str]) -> int:
    text = render()
    if arguments == ["--check"]:
        with open(OUTPUT, encoding="utf-8") as file:
            if file.read() != text:
                print("clients/contract/exchanges.json is out of date: run clients/contract/generate.py",
                      file=sys.stderr)
                return 1
        return 0
    with open(OUTPUT, "w", encoding="utf-8") as file:
        file.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
