"""A complete example agent for JustAllowGod: joins a table by code and gives cards on its turns.

    pip install websockets
    python examples/agent.py --url ws://127.0.0.1:8000/ws/agent/ --token jag_... --code KDRT

It follows the seat rules of a helper (R13-R19): it never asks, never lays stones, and only chooses
which card to give. The server picks the recipient and how many cards are owed; this agent prefers
a card the recipient asked for out loud, then the missing card of their open stone, then its first
card. Stop it with Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json

import websockets


def story_of(card: int) -> int:
    """Card ids are (story - 1) * 4 + kind, so the story is card // 4 + 1."""
    return card // 4 + 1


def choose_gift(view: dict) -> dict | None:
    """Pick one of the legal give moves: a story the recipient asked for, else a stone's missing card."""
    gives = [m for m in view["legal_moves"] if "give" in m]
    if not gives:
        return None
    recipient = view["owed"]["recipient"]
    asked = [a["story"] for a in reversed(view["asks"]) if a["seat"] == recipient]
    open_stones = [s["story"] for s in view["stones"] if s["seat"] == recipient and not s["sealed"]]
    for wanted in asked + open_stones:
        for move in gives:
            if story_of(move["give"]["card"]) == wanted:
                return move
    return gives[0]


# A ping this often; the pong names the table's version, so a lost update is noticed within it.
PING_SECONDS = 10


async def keep_alive(socket) -> None:
    while True:
        await asyncio.sleep(PING_SECONDS)
        await socket.send(json.dumps({"type": "ping"}))


async def play(url: str, token: str, code: str) -> None:
    ids = itertools.count(1)
    headers = {"Authorization": f"Bearer {token}"}
    async with websockets.connect(url, additional_headers=headers) as socket:
        print(json.loads(await socket.recv()))  # {"type": "hello", "agent": ...}
        await socket.send(json.dumps({"type": "join", "code": code}))
        pinger = asyncio.create_task(keep_alive(socket))
        try:
            await follow(socket, code, ids)
        finally:
            pinger.cancel()


async def follow(socket, code: str, ids) -> None:
    """Read the table's messages and move when it is this agent's turn to give."""
    held = None  # the version of the newest view this agent holds
    asked = -1  # the newest version a hello was sent for
    async for text in socket:
        message = json.loads(text)
        kind, version = message["type"], message.get("version", 0)
        if kind == "welcome":
            print(f"Seated at {code} (seat {message['me']['seat']} once the game starts).")
        elif kind == "table" and message["table"]["status"] in ("finished", "ended"):
            print("The game is over. Thank you for playing.")
            return
        elif kind == "error":
            print(f"Refused: {message['code']}: {message['message']}")
        view = message.get("view")
        # Something was lost on the way if an update skips a version, or a message without a view
        # (a pong, an ack, an error) is newer than the view held: ask for what was missed once;
        # the catchup that answers brings a fresh view.
        skipped = kind == "update" and held is not None and version > held + 1
        behind = not view and held is not None and version > held
        if (skipped or behind) and version > asked:
            asked = version
            await socket.send(json.dumps({"type": "hello", "version": held}))
            continue
        if not view:
            continue
        held = version
        if view["turn"] == view["seat"] and view.get("owed"):
            move = choose_gift(view)
            if move is not None:
                await socket.send(
                    json.dumps({"type": "move", "id": f"a{next(ids)}", "version": version, "move": move})
                )
        if view.get("result"):
            print("Result:", view["result"])
            return


def main() -> None:
    parser = argparse.ArgumentParser(description="An example JustAllowGod agent.")
    parser.add_argument("--url", default="ws://127.0.0.1:8000/ws/agent/")
    parser.add_argument("--token", required=True)
    parser.add_argument("--code", required=True, help="The table's four-letter code.")
    args = parser.parse_args()
    asyncio.run(play(args.url, args.token, args.code))


if __name__ == "__main__":
    main()
