"""Sounds synthesised with Web Audio (no files): dice, checker, hit, cube, clock warning, game over.

M and the sound button mute; the choice is remembered in localStorage. The audio context is only created after
the first user gesture (browsers refuse sound before one) and any failure is silent.
"""
from __future__ import annotations

from pyscript import window

MUTE_KEY = "gamao.muted"

# name -> list of (start s, frequency Hz, duration s, wave, gain)
TONES = {
    "dice": [(0.0, 520, 0.04, "square", 0.05), (0.05, 610, 0.04, "square", 0.05), (0.11, 470, 0.05, "square", 0.04)],
    "checker": [(0.0, 180, 0.07, "triangle", 0.18)],
    "hit": [(0.0, 140, 0.09, "sawtooth", 0.12), (0.07, 95, 0.12, "triangle", 0.16)],
    "cube": [(0.0, 330, 0.09, "triangle", 0.12), (0.1, 440, 0.12, "triangle", 0.12)],
    "warning": [(0.0, 880, 0.06, "sine", 0.06)],
    "over": [(0.0, 523, 0.15, "sine", 0.1), (0.16, 659, 0.15, "sine", 0.1), (0.32, 784, 0.3, "sine", 0.1)],
}

EVENT_SOUNDS = {"rolled": "dice", "opening_roll": "dice", "moved": "checker", "undone": "checker",
                "doubled": "cube", "took": "cube", "beavered": "cube", "game_over": "over"}


class Sound:
    def __init__(self, store) -> None:
        self.store = store
        self.muted = store.get(MUTE_KEY) == "1"
        self.held = False  # while the page shows the table it opened with: no sound (and no audio context) yet
        self._ctx = None

    def toggle(self) -> None:
        self.muted = not self.muted
        self.store.set(MUTE_KEY, "1" if self.muted else "0")

    def event(self, kind: str, hit: bool = False) -> None:
        name = "hit" if (kind == "moved" and hit) else EVENT_SOUNDS.get(kind)
        if name:
            self.play(name)

    def _context(self):
        if self._ctx is None:
            ctor = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
            if ctor is None:
                return None
            self._ctx = ctor.new()
        return self._ctx

    def play(self, name: str) -> None:
        if self.muted or self.held or name not in TONES:
            return
        try:
            if not window.navigator.userActivation.hasBeenActive:
                return
            ctx = self._context()
            if ctx is None:
                return
            if ctx.state == "suspended":
                ctx.resume()
            t0 = ctx.currentTime
            for start, freq, dur, wave, gain in TONES[name]:
                osc = ctx.createOscillator()
                amp = ctx.createGain()
                osc.type = wave
                osc.frequency.value = freq
                amp.gain.setValueAtTime(gain, t0 + start)
                amp.gain.exponentialRampToValueAtTime(0.0001, t0 + start + dur)
                osc.connect(amp)
                amp.connect(ctx.destination)
                osc.start(t0 + start)
                osc.stop(t0 + start + dur + 0.02)
        except Exception:
            pass
