"""Summarise a py-spy raw profile (`python -m bench --profile DIR`): where each thread spends its time.

python -m bench.profile_summary DIR/human-200.txt [--top 40] [--match game/]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter, defaultdict

LINE = re.compile(r" \(([^:()]+):\d+\)")


def summarise(path: str, top: int, match: str) -> str:
    threads: Counter = Counter()
    idle: Counter = Counter()
    inclusive: defaultdict[str, Counter] = defaultdict(Counter)
    with open(path) as raw:
        for line in raw:
            stack, _, count = line.rstrip().rpartition(" ")
            if not stack:
                continue
            n = int(count)
            frames = stack.split(";")
            thread = re.sub(r"thread \(\d+\): ", "", frames[0])
            threads[thread] += n
            leaf = frames[-1]
            if any(w in leaf for w in ("select (selectors", "Condition.wait", "_worker (concurrent")):
                idle[thread] += n
            seen = set()
            for frame in frames[1:]:
                name = LINE.sub(r" (\1)", frame)
                if name not in seen and match in name:
                    inclusive[thread][name] += n
                    seen.add(name)
    out = []
    for thread, total in threads.most_common():
        out.append(f"== {thread}: {total} samples, {100 * idle[thread] / total:.0f}% waiting")
        for name, n in inclusive[thread].most_common(top):
            out.append(f"  {100 * n / total:5.1f}%  {name[:130]}")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("path")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--match", default="", help="only frames containing this text")
    args = parser.parse_args()
    print(summarise(args.path, args.top, args.match))


if __name__ == "__main__":
    main()
