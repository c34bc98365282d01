# Writes tests/data/formats/guidellm/benchmarks_v2.json: a GuideLLM report in
# the current layout (metadata.version 2), three benchmarks of a sweep.
import json, sys

def dist(mean, lo, hi, count):
    # Percentiles spread linearly between min and max around the mean.
    span = hi - lo
    pct = {"p001": lo, "p01": lo + 0.01 * span, "p05": lo + 0.05 * span,
           "p10": lo + 0.10 * span, "p25": lo + 0.25 * span, "p50": mean,
           "p75": lo + 0.75 * span, "p90": lo + 0.90 * span, "p95": lo + 0.95 * span,
           "p99": lo + 0.99 * span, "p999": hi}
    ok = {"mean": mean, "median": mean, "mode": mean, "variance": (span / 4) ** 2,
          "std_dev": span / 4, "min": lo, "max": hi, "count": count,
          "total_sum": mean * count, "percentiles": pct, "pdf": None}
    empty = {k: 0.0 for k in ok}
    empty["percentiles"] = {k: 0.0 for k in pct}
    empty["pdf"] = None
    empty["count"] = 0
    return {"successful": ok, "incomplete": empty, "errored": empty, "total": ok}

def request(i, start, ttft_ms, latency_s, out_tokens):
    return {"type_": "generative_request_stats", "request_id": "req-%d" % i,
            "request_type": "text_completions",
            "prompt": "Once upon a time " * 8,
            "output": "there was a benchmark, \"quoted\" and {braced} " * 4,
            "info": {"timings": {"request_start": start, "first_iteration": start + ttft_ms / 1000,
                                 "last_iteration": start + latency_s, "request_end": start + latency_s}},
            "prompt_tokens": 256, "output_tokens": out_tokens,
            "request_latency": latency_s, "time_to_first_token_ms": ttft_ms}

def benchmark(index, strategy, rps, conc, lat_s, ttft, itl, tpot, out_tps, n_ok, n_err, n_inc):
    start = 1767225600.0 + 100 * index
    return {
        "type_": "generative_benchmark",
        "config": {"id_": "bench-%d" % index, "run_id": "run-1", "run_index": index,
                   "strategy": strategy, "constraints": {"max_seconds": {"max_duration": 30}},
                   "sample_requests": 2, "warmup": {"percent": None, "value": None, "mode": "prefer_duration"},
                   "cooldown": {"percent": None, "value": None, "mode": "prefer_duration"},
                   "prefer_response_metrics": True,
                   "profile": {"type_": "sweep", "sweep_size": 3},
                   "requests": {"data": ["prompt_tokens=256,output_tokens=128"]},
                   "backend": {"type_": "openai_http", "target": "http://localhost:8000",
                               "model": "Qwen/Qwen3-0.6B"},
                   "environment": {"platform": "linux"}},
        "scheduler_state": {"node_id": 0, "num_processes": 1, "start_time": start},
        "scheduler_metrics": {"start_time": start, "request_start_time": start + 0.1,
                              "measure_start_time": start + 0.1, "measure_end_time": start + 30.1,
                              "request_end_time": start + 30.2, "end_time": start + 30.3,
                              "requests_made": {"successful": n_ok, "incomplete": n_inc,
                                                "errored": n_err, "total": n_ok + n_inc + n_err}},
        "metrics": {
            "request_totals": {"successful": n_ok, "incomplete": n_inc, "errored": n_err,
                               "total": n_ok + n_inc + n_err},
            "requests_per_second": dist(rps, rps * 0.9, rps * 1.1, n_ok),
            "request_concurrency": dist(conc, conc * 0.5, conc * 1.2, n_ok),
            "request_latency": dist(lat_s, lat_s * 0.8, lat_s * 1.5, n_ok),
            "request_streaming_iterations_count": dist(128.0, 120.0, 130.0, n_ok),
            "prompt_token_count": dist(256.0, 250.0, 262.0, n_ok),
            "output_token_count": dist(128.0, 128.0, 128.0, n_ok),
            "total_token_count": dist(384.0, 378.0, 390.0, n_ok),
            "time_to_first_token_ms": dist(ttft, ttft * 0.7, ttft * 2.0, n_ok),
            "time_to_first_output_token_ms": dist(ttft, ttft * 0.7, ttft * 2.0, n_ok),
            "time_per_output_token_ms": dist(tpot, tpot * 0.9, tpot * 1.3, n_ok),
            "inter_token_latency_ms": dist(itl, itl * 0.9, itl * 1.3, n_ok),
            "prompt_tokens_per_second": dist(rps * 256, rps * 200, rps * 300, n_ok),
            "output_tokens_per_second": dist(out_tps, out_tps * 0.8, out_tps * 1.2, n_ok),
            "tokens_per_second": dist(out_tps * 3, out_tps * 2.4, out_tps * 3.6, n_ok),
            "output_tokens_per_iteration": dist(1.0, 1.0, 1.0, n_ok),
            "iter_tokens_per_iteration": dist(1.0, 1.0, 1.0, n_ok),
            "text": {"tokens": None, "words": None, "characters": None},
            "image": {}, "video": {}, "audio": {}, "tool_call": {}},
        "requests": {"successful": [request(k, start + k, ttft, lat_s, 128) for k in range(2)],
                     "incomplete": [], "errored": [], "total": None},
        "start_time": start + 0.1, "end_time": start + 30.1, "duration": 30.0,
        "warmup_duration": 0.0, "cooldown_duration": 0.1}

report = {
    "metadata": {"version": 2, "guidellm_version": "0.6.0", "python_version": "3.12.3",
                 "platform": "Linux-6.8.0-x86_64"},
    "config": {"metadata": {}, "spec": {"backend": "openai_http", "profile": "sweep",
                                        "model": "Qwen/Qwen3-0.6B", "rate": [3]}},
    "benchmarks": [
        benchmark(0, {"type_": "synchronous"}, 1.75, 1.0, 0.571, 18.5, 4.35, 4.46, 224.0, 52, 0, 1),
        benchmark(1, {"type_": "constant", "rate": 4.5, "initial_burst": True},
                  4.41, 2.6, 0.598, 21.25, 4.54, 4.67, 564.5, 132, 1, 2),
        benchmark(2, {"type_": "throughput", "max_concurrency": None},
                  12.8, 16.0, 1.25, 120.0, 9.1, 9.94, 1638.4, 384, 2, 16),
    ]}
json.dump(report, open(sys.argv[1], "w"))
