"""docs/fair-dice-vectors.json is exactly what rules.dice produces; regenerate it with
``.venv/bin/python tests/rules/test_dice_vectors.py --write`` after a (versioned!) change of the derivation."""
from __future__ import annotations

import hashlib
import json
import pathlib
import sys

from rules import dice

VECTORS_PATH = pathlib.Path(__file__).resolve().parents[2] / "docs" / "fair-dice-vectors.json"

ROLLS_PER_VECTOR = 40
PEER_CHAIN_LENGTH = 8
PEER_THROWS = 5


def vector_seeds() -> list[bytes]:
    """Seeds chosen to be easy to type and to cover tied opening pairs (one, two in a row, a double six)."""
    return [
        bytes(32),
        bytes(range(32)),
        b"\xff" * 32,
        hashlib.sha256(b"gamao vector 2").digest(),  # opens 5-5, 2-2, then 5-6
        hashlib.sha256(b"gamao vector 4").digest(),  # opens 1-1, then 5-2
        hashlib.sha256(b"gamao vector 5").digest(),  # opens 6-6, then 1-5
    ]


def build_vectors() -> dict:
    vectors = []
    for seed in vector_seeds():
        vectors.append({
            "seed": seed.hex(),
            "fingerprint": dice.fingerprint(seed),
            "block0": dice.stream_block(seed, 0).hex(),
            "dice": [list(pair) for pair in dice.first_pairs(seed, ROLLS_PER_VECTOR)],
        })
    host = hashlib.sha256(b"gamao peer host").digest()
    guest = hashlib.sha256(b"gamao peer guest").digest()
    n = PEER_CHAIN_LENGTH
    throws = []
    for k in range(PEER_THROWS):
        hv, gv = dice.chain_value(host, n - 1 - k), dice.chain_value(guest, n - 1 - k)
        throws.append({"host_value": hv.hex(), "guest_value": gv.hex(),
                       "key": dice.peer_roll_key(hv, gv).hex(), "dice": list(dice.peer_roll(hv, gv))})
    peer = {
        "host_secret": host.hex(),
        "guest_secret": guest.hex(),
        "chain_length": n,
        "host_commitment": dice.chain_commitment(host, n).hex(),
        "guest_commitment": dice.chain_commitment(guest, n).hex(),
        "throws": throws,
    }
    return {
        "description": "Test vectors for docs/fair-dice.md (derivation gamao/dice/v1). 'dice' lists the first "
                       f"{ROLLS_PER_VECTOR} throws of a game from 'seed', opening pairs first; 'block0' is "
                       "HMAC-SHA256(seed, 'gamao/dice/v1' || 0 as uint64 big-endian).",
        "vectors": vectors,
        "peer_vectors": [peer],
    }


def dump(data: dict) -> str:
    """JSON with one throw per pair of brackets on a line, so the file stays readable."""
    text = json.dumps(data, indent=2)
    # collapse [\n  d,\n  d\n] pairs onto one line
    import re
    return re.sub(r"\[\s+(\d),\s+(\d)\s+\]", r"[\1, \2]", text) + "\n"


def test_vectors_file_matches_implementation():
    assert VECTORS_PATH.read_text(encoding="utf-8") == dump(build_vectors())


def test_vectors_file_independently_checked():
    """Check the stored file by re-deriving it with hashlib/hmac directly, not through rules.dice."""
    import hmac
    data = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
    assert len(data["vectors"]) >= 5
    for vec in data["vectors"]:
        seed = bytes.fromhex(vec["seed"])
        assert hashlib.sha256(seed).hexdigest() == vec["fingerprint"]
        dice_out: list[int] = []
        counter = 0
        while len(dice_out) < 2 * ROLLS_PER_VECTOR:
            block = hmac.new(seed, b"gamao/dice/v1" + counter.to_bytes(8, "big"), hashlib.sha256).digest()
            if counter == 0:
                assert block.hex() == vec["block0"]
            dice_out += [b % 6 + 1 for b in block if b < 252]
            counter += 1
        expected = [dice_out[i:i + 2] for i in range(0, 2 * ROLLS_PER_VECTOR, 2)]
        assert vec["dice"] == expected
        assert len(vec["dice"]) == ROLLS_PER_VECTOR


def test_vectors_cover_tied_openings():
    data = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
    ties = [sum(1 for _ in iter_ties(v["dice"])) for v in data["vectors"]]
    assert 1 in ties and 2 in ties
    assert any(t == 0 for t in ties)


def iter_ties(pairs):
    for a, b in pairs:
        if a != b:
            return
        yield (a, b)


def test_peer_vector_chain_checks():
    data = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
    peer = data["peer_vectors"][0]
    previous_host = bytes.fromhex(peer["host_commitment"])
    previous_guest = bytes.fromhex(peer["guest_commitment"])
    for throw in peer["throws"]:
        hv, gv = bytes.fromhex(throw["host_value"]), bytes.fromhex(throw["guest_value"])
        assert hashlib.sha256(b"gamao/chain/v1" + hv).digest() == previous_host
        assert hashlib.sha256(b"gamao/chain/v1" + gv).digest() == previous_guest
        assert hashlib.sha256(b"gamao/peer-roll/v1" + hv + gv).hexdigest() == throw["key"]
        previous_host, previous_guest = hv, gv
    derived = list(dice.peer_pairs(bytes.fromhex(peer["host_secret"]), bytes.fromhex(peer["guest_secret"]),
                                   peer["chain_length"]))
    assert [list(p) for p in derived[:len(peer["throws"])]] == [t["dice"] for t in peer["throws"]]


if __name__ == "__main__":
    if "--write" in sys.argv:
        VECTORS_PATH.parent.mkdir(exist_ok=True)
        VECTORS_PATH.write_text(dump(build_vectors()), encoding="utf-8")
        print(f"wrote {VECTORS_PATH}")
    else:
        print(dump(build_vectors()), end="")


def _doc_snippet(language: str) -> str:
    import re
    doc = (VECTORS_PATH.parent / "fair-dice.md").read_text(encoding="utf-8")
    return re.search(rf"```{language}\n(.*?)```", doc, re.S).group(1)


def test_python_snippet_in_doc_reproduces_vectors(capsys):
    namespace: dict = {}
    exec(_doc_snippet("python"), namespace)  # the doc's own hand-verification code
    data = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
    for vec in data["vectors"]:
        assert namespace["game_throws"](vec["seed"], ROLLS_PER_VECTOR) == vec["dice"]
    assert data["vectors"][0]["fingerprint"] in capsys.readouterr().out


def test_js_snippet_in_doc_reproduces_vectors():
    import shutil
    import subprocess
    node = shutil.which("node")
    if node is None:
        import pytest
        pytest.skip("node is not installed")
    data = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
    script = _doc_snippet("js") + "".join(
        f"console.log(JSON.stringify(gameThrows({json.dumps(v['seed'])}, {ROLLS_PER_VECTOR})));\n"
        for v in data["vectors"])
    out = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True, timeout=60).stdout
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("[[")]
    assert lines[-len(data["vectors"]):] == [v["dice"] for v in data["vectors"]]
