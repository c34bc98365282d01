#!/usr/bin/env python3
# make-trace.py — writes steps_counters.pt.trace.json, the report tests'
# PyTorch-profiler-shaped trace: 20 ProfilerStep iterations of 1 ms, each
# launching four kernels (a GEMM, flash attention, an elementwise kernel,
# an NCCL all-reduce) on stream 7, and 40 samples of one counter (Memory).
#
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os

KERNELS = ["ampere_sgemm_128x64_nn", "flash_fwd_kernel", "vectorized_elementwise_kernel",
           "ncclKernel_AllReduce_RING_LL_Sum_float"]

events = []
t = 1000
correlation = 1
for step in range(20):
    events.append({"ph": "X", "cat": "user_annotation", "name": f"ProfilerStep#{step}", "pid": 1, "tid": 1,
                   "ts": t, "dur": 900, "args": {}})
    for j, name in enumerate(KERNELS):
        events.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1,
                       "ts": t + 20 + j * 20, "dur": 10, "args": {"correlation": correlation}})
        events.append({"ph": "X", "cat": "kernel", "name": name, "pid": 0, "tid": 7, "ts": t + 100 + j * 200,
                       "dur": 100 + 10 * j + step, "args": {"correlation": correlation, "stream": 7, "device": 0}})
        correlation += 1
    t += 1000
for k in range(40):
    events.append({"ph": "C", "name": "Memory", "pid": 1, "ts": 1000 + k * 500, "args": {"allocated": k * 10 + 5}})

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "steps_counters.pt.trace.json"), "w") as f:
    json.dump({"traceEvents": events, "displayTimeUnit": "ms"}, f, separators=(",", ":"))
