"""How much one client may ask of the server: sizes read, rates of actions, connections held.

Everything is checked before the work is done (a body is refused before it is read in full, a message
before it is parsed), so a careless or hostile client costs little. Rates are token buckets: a client may
act in bursts of ``burst`` and then ``rate`` times a second.

>>> clock = iter([0.0, 0.0, 0.0, 0.0, 0.5]).__next__  # made at 0, then four takes
>>> bucket = TokenBucket(rate=2, burst=2, clock=clock)
>>> bucket.take(), bucket.take(), bucket.take(), bucket.take()
(True, True, False, True)
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's limits; the defaults suit people playing, with room for a few tabs each."""

    body_bytes: int = 64 * 1024  # an HTTP request body
    upload_bytes: int = 4 * 1024 * 1024  # a file uploaded to the Director area (a USEBIO results file)
    frame_bytes: int = 64 * 1024  # a websocket message (the server's own check; uvicorn's ws_max_size too)
    tables_per_minute: float = 20  # new tables per client address (0: no limit)...
    tables_burst: int = 10  # ...after a burst of this many
    actions_per_second: float = 20  # messages per connection...
    actions_burst: int = 100  # ...after a burst of this many
    connections_per_seat: int = 4  # tabs and devices open on one seat
    connections_per_table: int = 16
    connections_per_client: int = 256  # websockets open from one client address (a club behind one NAT)


class TokenBucket:
    """``take()`` is True while the client keeps to ``rate`` a second after a burst of ``burst``."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "clock")

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.clock = clock
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class RateLimiter:
    """A bucket per key (a client address), the least recently used forgotten beyond ``max_keys``.

    >>> limiter = RateLimiter(rate=0.001, burst=1)
    >>> limiter.allow("10.0.0.1"), limiter.allow("10.0.0.1"), limiter.allow("10.0.0.2")
    (True, False, True)
    """

    def __init__(self, rate: float, burst: int, max_keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, key: str) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
            if len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.take()


__all__ = ["Limits", "RateLimiter", "TokenBucket"]
