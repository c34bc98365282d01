#!/usr/bin/env python3
# make-fixtures.py — writes the vLLM test fixtures (everything here except
# nightly/, which is a real file; see SOURCE.md). Values are dyadic so that
# sums and means are exact and the tests can compare with ==.
# Run from this folder: python3 make-fixtures.py
# SPDX-License-Identifier: GPL-3.0-or-later
import json, os, shutil

HERE = os.path.dirname(os.path.abspath(__file__))

def write(path, text):
    path = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)

def result(ttft, tpot, rps, *, model="mistralai/Mixtral-8x7B-v0.1", rate="inf",
           conc=None, legacy=False, date="20251120-101500", extra=None):
    """A bench-serve result as vLLM writes it (keys in file order)."""
    r = {}
    if not legacy:
        r.update({"date": date, "endpoint_type": "vllm", "backend": "vllm", "label": None})
    else:
        r.update({"date": date, "backend": "vllm"})
    r.update({"model_id": model, "tokenizer_id": model, "num_prompts": 200})
    if legacy:
        r.update({"best_of": 1, "use_beam_search": False})
    r.update({"request_rate": rate, "burstiness": 1.0, "max_concurrency": conc})
    r.update({"duration": 200 / rps, "completed": 200})
    if not legacy:
        r["failed"] = 0
    r.update({"total_input_tokens": 51200, "total_output_tokens": 40000,
              "request_throughput": rps})
    r["request_goodput:" if legacy else "request_goodput"] = None
    r.update({"output_throughput": rps * 200, "total_token_throughput": rps * 456})
    if legacy:
        # the legacy script kept every per-request array
        r.update({"input_lens": [256] * 4, "output_lens": [200] * 4,
                  "ttfts": [ttft / 1000] * 4, "itls": [[tpot / 1000] * 3] * 4,
                  "generated_texts": ["lorem ipsum " * 20] * 4, "errors": [""] * 4})
    else:
        r.update({"max_output_tokens_per_s": rps * 512, "max_concurrent_requests": 64})
    for m, v in (("ttft", ttft), ("tpot", tpot), ("itl", tpot + 0.5)):
        r[f"mean_{m}_ms"] = v
        r[f"median_{m}_ms"] = v - 1
        r[f"std_{m}_ms"] = v / 4
        r[f"p99_{m}_ms"] = v * 2
    if extra:
        r.update(extra)
    return r

def one_line(obj):
    return json.dumps(obj)

# --- ccl-bench trace collection ---
VARIANTS = [("vllmTP4", "baseline", 100), ("vllmEP4", "defaultall2all", 80), ("vllmEP4", "pplx", 60)]
CONFIGS = [(8, 8192), (32, 8192), (64, 8192), (32, 4096), (32, 16384)]
OFFSETS = [0.0, 4.5, 10.25]

def yaml_card(framework, seqs, tokens, moe=True):
    return f"""version: 1
description: Online serving of Mixtral-8x7B on 4 GPUs ({framework}), max-num-seqs {seqs},
  max-num-batched-tokens {tokens}. Written for aiperf-plot's tests.
workload:
  model:
    phase: inference
    moe: {'true' if moe else 'false'}
    model_family: mixtral
    precision: bf16
  data:
    max-model-len: 4096
    max-num-seqs: {seqs}
    max-num-batched-tokens: {tokens}
    dataset: sharegpt
  hardware:
    xpu_spec:
      type: GPU
      model: nvidia_a100
      total_count: 4
Model-executor:
  framework:
    name: vllm
  model_plan_parallelization:
    tp: {4 if framework == 'vllmTP4' else 1}
    ep: {1 if framework == 'vllmTP4' else 4}
  expert_parallel:
    mode: default_all_to_all
    eplb: true
"""

def ccl_values(base, seqs, tokens, off):
    ttft = base + seqs * 2 + tokens / 512 + off
    tpot = base / 10 + seqs * 0.25 + tokens / 4096 + off / 8
    rps = 1 + seqs / 8 + tokens / 8192 + off / 4 + (100 - base) / 40
    return ttft, tpot, rps

root = os.path.join(HERE, "ccl")
shutil.rmtree(root, ignore_errors=True)
for framework, tag, base in VARIANTS:
    for seqs, tokens in CONFIGS:
        name = f"Mixtral8x7B-{framework}-Perlmutter[{tag}_{seqs}_{tokens}]-group12"
        folder = f"ccl/trace_collection/{name}"
        n = 2 if seqs == 64 else 3
        card = yaml_card(framework, seqs, tokens)
        if tag == "baseline" and seqs == 64:
            # a real card had a stray line in its data block: not valid YAML
            card = card.replace("    dataset: sharegpt\n", "    i\n    dataset: sharegpt\n")
        write(f"{folder}/{name}.yaml", card)
        for r in range(n):
            ttft, tpot, rps = ccl_values(base, seqs, tokens, OFFSETS[r])
            legacy = tag == "baseline" and seqs == 8
            write(f"{folder}/results_json/vllm-infqps-Mixtral-8x7B-v0.1-2025112{r}-101500.json",
                  one_line(result(ttft, tpot, rps, legacy=legacy, date=f"2025112{r}-101500")))
# left out of sweep plots by ccl-bench
name = "Mixtral8x7B-vllmEP4-Perlmutter[defaultall2all_32_8192_eplboff]-group12"
write(f"ccl/trace_collection/{name}/{name}.yaml", yaml_card("vllmEP4", 32, 8192))
for r in range(2):
    write(f"ccl/trace_collection/{name}/results_json/run{r}.json",
          one_line(result(500 + r, 50.0, 2.0)))
# one broken repeat: the run is not loaded, the others are
name = "Mixtral8x7B-vllmTP4-Perlmutter[baseline_16_8192]-group12"
write(f"ccl/trace_collection/{name}/{name}.yaml", yaml_card("vllmTP4", 16, 8192))
write(f"ccl/trace_collection/{name}/results_json/a.json", one_line(result(140.0, 14.0, 3.0)))
write(f"ccl/trace_collection/{name}/results_json/b.json",
      one_line(result(141.0, 14.0, 3.0))[:300] + "\n")

# --- vllm bench sweep ---
shutil.rmtree(os.path.join(HERE, "sweep"), ignore_errors=True)
exp = "sweep/20251201_120000"
comb = "SERVE--max_num_seqs=32-max_num_batched_tokens=8192-BENCH--max_concurrency=16-num_prompts=100"
runs = []
for r, ttft in enumerate([40.5, 42.0]):
    d = result(ttft, 9.5, 12.0 + r, model="Qwen/Qwen3-0.6B", conc=16,
               extra={"mean_e2el_ms": 2000.0 + r * 64, "median_e2el_ms": 1990.0,
                      "std_e2el_ms": 50.0, "p99_e2el_ms": 2500.0})
    d.update({"run_number": r, "max_num_seqs": 32, "max_num_batched_tokens": 8192,
              "max_concurrency": 16, "num_prompts": 100})
    runs.append(d)
    write(f"{exp}/{comb}/run={r}.json", json.dumps(d, indent=4))
# summary.json repeats the run files; here it differs so a test can tell
bogus = [dict(d, mean_ttft_ms=9999.0) for d in runs]
write(f"{exp}/{comb}/summary.json", json.dumps(bogus, indent=4))
write(f"{exp}/{comb}/run=2.failure.json",
      json.dumps({"run_number": 2, "error_type": "RuntimeError", "error": "server died"}, indent=2))
comb2 = "SERVE--max_num_seqs=64-max_num_batched_tokens=8192-BENCH--max_concurrency=32-num_prompts=100"
summ = []
for r, ttft in enumerate([60.0, 61.5]):
    d = result(ttft, 11.0, 20.0, model="Qwen/Qwen3-0.6B", conc=32)
    d.update({"run_number": r, "max_num_seqs": 64, "max_num_batched_tokens": 8192,
              "max_concurrency": 32, "num_prompts": 100})
    summ.append(d)
write(f"{exp}/{comb2}/summary.json", json.dumps(summ, indent=4))
write(f"{exp}/summary.csv", ",max_num_seqs,mean_ttft_ms\n0,32,40.5\n")

# --- --append-result JSON Lines and single files ---
shutil.rmtree(os.path.join(HERE, "jsonl"), ignore_errors=True)
lines = [
    one_line(result(30.0, 5.0, 4.0, model="Qwen/Qwen3-0.6B", conc=1)),
    one_line(result(35.0, 6.0, 15.5, model="Qwen/Qwen3-0.6B", conc=4)),
    # v0.5 era: typo key, best_of, use_beam_search, input_throughput; a
    # power recorder and spec-decode keys nobody maps; a p99.9 percentile;
    # NaN as Python's json.dump writes it
    one_line(result(45.0, 7.0, 2.0, model="Qwen/Qwen3-0.6B", rate=2.0, legacy=True,
                    extra={"request_goodput:": 1.5, "input_throughput": 512.0, "mean_power_w": 300.5,
                           "p25_power_w": 280.0, "spec_decode_acceptance_rate": 0.75,
                           "p99.9_ttft_ms": 120.0, "max_output_tokens_per_s": 1024.0,
                           "mean_e2el_ms": float("nan")})),
]
write("jsonl/vllm-append.json", "\n".join(lines) + "\n")
write("jsonl-broken/results.json",
      one_line(result(30.0, 5.0, 4.0, conc=1)) + "\n" + one_line(result(31.0, 5.0, 4.0, conc=2))[:200] + "\n")
write("single/vllm-infqps-concurrency16-Qwen3-0.6B-20251215-080259.json",
      one_line(result(25.0, 4.5, 30.0, model="Qwen/Qwen3-0.6B", conc=16, legacy=True)))
