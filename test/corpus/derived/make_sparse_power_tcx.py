#!/usr/bin/env python3
"""Writes derived/garmin-edge810-vector-sparse-power.tcx from python-fitparse/garmin-edge810-vector.fit.

No licensed file records power sparsely (smart recording: a record every few seconds, each with
power), so this thins the Edge 810 + Vector ride (1 Hz): it keeps the first record and then each
record at least 5 s after the last one kept, with all its fields, and writes them as a TCX the way
make_tcx_with_power.py does (one lap with the session's timer time and distance). Decoded with
reference/compute.py's own FIT reader; no Kairo code.

Like make_tcx_with_power.py, it writes into the shared fixtures' devices/derived/, or into the
folder given as its one argument.

Run from the repository root:  python3 test/corpus/derived/make_sparse_power_tcx.py [out-folder]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'reference'))
import compute  # noqa: E402
from make_tcx_with_power import OUT, SOURCE, write_tcx  # noqa: E402

TARGET = os.path.join(OUT, 'garmin-edge810-vector-sparse-power.tcx')
INTERVAL_S = 5


def main():
    samples, sessions, _, _, _ = compute.fit_activity(SOURCE)
    kept = []
    for sample in samples:
        if not kept or sample['t'] >= kept[-1]['t'] + INTERVAL_S:
            kept.append(sample)
    write_tcx(kept, sessions[0], TARGET)


if __name__ == '__main__':
    main()
