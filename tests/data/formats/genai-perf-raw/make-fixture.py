#!/usr/bin/env python3
# make-fixture.py — writes a perf_analyzer raw export (profile_export.json) of
# an OpenAI chat streaming run and the profile_export_genai_perf.json GenAI-Perf
# would compute from it for the time-based metrics (TTFT, request latency), with
# GenAI-Perf's definitions: responses without content (a role-only first chunk,
# an empty delta, [DONE]) do not count; requests left with none are skipped;
# statistics as numpy computes them (linear percentiles, population std).
# Invented values; no file of GenAI-Perf is copied.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, "m-openai-chat-concurrency2")


def chunk(content=None, role=None):
    delta = {}
    if role is not None:
        delta["role"] = role
    if content is not None:
        delta["content"] = content
    body = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}
    return "data: " + json.dumps(body) + "\n\n"


def pct(values, q):
    v = sorted(values)
    r = q / 100 * (len(v) - 1)
    lo = math.floor(r)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (r - lo)


def stats(values):
    mean = sum(values) / len(values)
    out = {"unit": "ms", "avg": mean, "min": min(values), "max": max(values),
           "std": math.sqrt(sum((x - mean) ** 2 for x in values) / len(values))}
    for q in (1, 5, 10, 25, 50, 75, 90, 95, 99):
        out["p%d" % q] = pct(values, q)
    return out


requests, ttfts, latencies = [], [], []
start = 1_700_000_000_000_000_000
for i in range(12):
    t0 = start + i * 250_000_000 + (i * 7919 % 1000) * 1000
    stamps, outputs = [], []
    t = t0 + 20_000_000 + (i * 104729 % 9_000_000)
    # a role-only first chunk, a little before the first content
    stamps.append(t)
    outputs.append({"response": chunk(role="assistant")})
    t += 1_500_000
    n_tokens = 5 + i % 4
    first = last = None
    for k in range(n_tokens):
        if k == 2:
            # two events received as one response: it has content
            outputs.append({"response": chunk(content="") + chunk(content=" w%d" % k)})
        else:
            outputs.append({"response": chunk(content="w%d" % k)})
        stamps.append(t)
        first = t if first is None else first
        last = t
        t += 8_000_000 + (k * 31337 + i * 7) % 3_000_000
    # an empty delta (finish), then [DONE]: not content
    outputs.append({"response": chunk(content="")})
    stamps.append(t)
    outputs.append({"response": "data: [DONE]\n\n"})
    stamps.append(t + 100_000)
    requests.append({"timestamp": t0, "request_inputs": {"payload": json.dumps({"messages": [{"role": "user", "content": "hi"}]})},
                     "response_timestamps": stamps, "response_outputs": outputs})
    ttfts.append((first - t0) / 1e6)
    latencies.append((last - t0) / 1e6)

# A request whose only responses are the role chunk and [DONE]: skipped.
t0 = start + 13 * 250_000_000
requests.append({"timestamp": t0, "request_inputs": {"payload": "{}"},
                 "response_timestamps": [t0 + 5_000_000, t0 + 6_000_000],
                 "response_outputs": [{"response": chunk(role="assistant")}, {"response": "data: [DONE]\n\n"}]})

export = {"service_kind": "openai", "endpoint": "v1/chat/completions",
          "experiments": [{"experiment": {"mode": "concurrency", "value": 2}, "requests": requests}],
          "version": ""}
summary = {"time_to_first_token": stats(ttfts), "request_latency": stats(latencies),
           "input_config": {"model": ["m"], "concurrency": 2, "service_kind": "openai", "endpoint_type": "chat"}}
os.makedirs(RUN, exist_ok=True)
with open(os.path.join(RUN, "profile_export.json"), "w") as f:
    json.dump(export, f, indent=2)
with open(os.path.join(RUN, "profile_export_genai_perf.json"), "w") as f:
    json.dump(summary, f, indent=2)
