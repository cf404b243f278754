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


async def play(url: str, token: str, code: str) -> None:
    ids = itertools.count(1)
    headers = {"Authorization": f"Bearer {token}"}
    async with websockets.connect(url, additional_headers=headers) as socket:
        print(json.loads(await socket.recv()))  # {"type": "hello", "agent": ...}
        await socket.send(json.dumps({"type": "join", "code": code}))
        seat = None
        async for text in socket:
            message = json.loads(text)
            kind = message["type"]
            if kind == "welcome":
                seat = message["me"]["seat"]
                print(f"Seated at {code} (seat {seat} once the game starts).")
            elif kind == "table" and message["table"]["status"] in ("finished", "ended"):
                print("The game is over. Thank you for playing.")
                return
            elif kind == "error":
                print(f"Refused: {message['code']}: {message['message']}")
            view = message.get("view")
            if view and view["turn"] == view["seat"] and view.get("owed"):
                move = choose_gift(view)
                if move is not None:
                    await socket.send(
                        json.dumps(
                            {
                                "type": "move",
                                "id": f"a{next(ids)}",
                                "version": message["version"],
                                "move": move,
                            }
                        )
                    )
            if view and view.get("result"):
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
