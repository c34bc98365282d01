# Writes LLMPerf summaries (other-formats.md B5) for tests/data/formats/llmperf/:
# one model at two concurrencies, plus an individual-responses file.
import json, os, sys

out = os.path.join(sys.argv[1], "result_outputs")
os.makedirs(out, exist_ok=True)

def dist(prefix, mean, lo, hi):
    span = hi - lo
    d = {}
    for q, f in (("p25", .25), ("p50", .5), ("p75", .75), ("p90", .9), ("p95", .95), ("p99", .99)):
        d["results_%s_quantiles_%s" % (prefix, q)] = round(lo + f * span, 9)
    d["results_%s_mean" % prefix] = mean
    d["results_%s_min" % prefix] = lo
    d["results_%s_max" % prefix] = hi
    d["results_%s_stddev" % prefix] = round(span / 5, 9)
    return d

def summary(conc, itl, ttft, e2e, req_tps, out_tps, per_min, completed, errors):
    name = "meta-llama-Llama-2-7b-chat-hf_550_150_summary"
    d = {"version": "2023-08-31", "name": name, "model": "meta-llama/Llama-2-7b-chat-hf",
         "mean_input_tokens": 550, "stddev_input_tokens": 150, "mean_output_tokens": 150,
         "stddev_output_tokens": 10, "num_concurrent_requests": conc,
         "additional_sampling_params": "{}"}
    d.update(dist("inter_token_latency_s", *itl))
    d.update(dist("ttft_s", *ttft))
    d.update(dist("end_to_end_latency_s", *e2e))
    d.update(dist("request_output_throughput_token_per_s", *req_tps))
    d.update(dist("number_input_tokens", 551.2, 290.0, 810.0))
    d.update(dist("number_output_tokens", 148.6, 120.0, 165.0))
    d.update({"results_num_requests_started": completed + errors,
              "results_error_rate": errors / (completed + errors),
              "results_number_errors": errors, "results_error_code_frequency": "{}",
              "results_mean_output_throughput_token_per_s": out_tps,
              "results_num_completed_requests": completed,
              "results_num_completed_requests_per_min": per_min,
              "timestamp": 1717000000 + conc})
    return d

runs = {1: summary(1, (0.0212, 0.0185, 0.0260), (0.105, 0.081, 0.190), (3.15, 2.70, 3.80),
                   (47.2, 39.5, 55.1), 46.9, 18.9, 100, 0),
        4: summary(4, (0.0251, 0.0205, 0.0330), (0.221, 0.120, 0.510), (3.73, 3.05, 4.70),
                   (39.8, 31.6, 48.9), 158.4, 63.6, 150, 2)}
for conc, d in runs.items():
    folder = os.path.join(out, "concurrency_%d" % conc)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, d["name"] + ".json"), "w") as f:
        json.dump(d, f, indent=4)
    with open(os.path.join(folder, d["name"].replace("_summary", "_individual_responses") + ".json"), "w") as f:
        json.dump([{"error_code": None, "error_msg": "", "inter_token_latency_s": 0.02,
                    "ttft_s": 0.1, "end_to_end_latency_s": 3.1,
                    "request_output_throughput_token_per_s": 47.0, "number_total_tokens": 700,
                    "number_output_tokens": 150, "number_input_tokens": 550}], f, indent=4)
