# Writes the GenAI-Perf fixtures under tests/data/formats/genai-perf/artifacts/
# from the layouts of other-formats.md B2 (values invented, consistent).
import json, os, sys

root = os.path.join(sys.argv[1], "artifacts")

def stats(avg, lo, hi, old=False, as_text=False, unit="ms"):
    keys = ["p25", "p50", "p75", "p90", "p95", "p99"] if old else \
           ["p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99"]
    span = hi - lo
    frac = {"p1": .01, "p5": .05, "p10": .1, "p25": .25, "p50": .5, "p75": .75,
            "p90": .9, "p95": .95, "p99": .99}
    d = {"unit": unit, "avg": avg}
    for k in keys:
        d[k] = round(lo + frac[k] * span, 6)
    d["min"], d["max"], d["std"] = lo, hi, round(span / 5, 6)
    if as_text:
        d = {k: (v if k == "unit" else str(v)) for k, v in d.items()}
    return d

def write(folder, name, data):
    os.makedirs(os.path.join(root, folder), exist_ok=True)
    with open(os.path.join(root, folder, name), "w") as f:
        if isinstance(data, str):
            f.write(data)
        else:
            json.dump(data, f, indent=2)

# Newer release (2025): p1…p99, per-user throughput, telemetry of two GPUs,
# input_config nested by section.
newer = {
    "request_throughput": {"unit": "requests/sec", "avg": 3.2},
    "request_latency": stats(1240.5, 1100.0, 1500.0),
    "request_count": {"unit": "count", "avg": 96},
    "time_to_first_token": stats(45.25, 30.0, 90.0),
    "time_to_second_token": stats(9.5, 8.0, 14.0),
    "inter_token_latency": stats(9.4, 8.0, 12.0),
    "output_token_throughput": {"unit": "tokens/sec", "avg": 409.6},
    "output_token_throughput_per_user": stats(106.4, 83.3, 125.0, unit="tokens/sec/user"),
    "output_sequence_length": stats(128.0, 120.0, 136.0, unit="tokens"),
    "input_sequence_length": stats(200.0, 180.0, 220.0, unit="tokens"),
    "telemetry_stats": {
        "gpu_power_usage": {"unit": "W", "gpu0": {"avg": 250.0, "p99": 300.0},
                            "gpu1": {"avg": 245.0, "p99": 290.0}},
        "gpu_utilization": {"unit": "%", "gpu0": {"avg": 88.0}, "gpu1": {"avg": 86.0}}},
    "input_config": {
        "model_names": ["Qwen/Qwen3-0.6B"],
        "endpoint": {"model_selection_strategy": "round_robin", "backend": "tensorrtllm",
                     "custom": "", "type": "chat", "service_kind": "openai", "streaming": True,
                     "url": "localhost:8000"},
        "perf_analyzer": {"path": "perf_analyzer", "stimulus": {"concurrency": 4},
                          "measurement": {"mode": "request_count", "num": 96}},
        "input": {"batch_size": 1, "num_dataset_entries": 100,
                  "synthetic_tokens": {"mean": 200, "stddev": 0},
                  "output_tokens": {"mean": 128, "deterministic": False, "stddev": 0}},
        "output": {"artifact_directory": "artifacts/Qwen_Qwen3-0.6B-openai-chat-concurrency4"},
        "tokenizer": {"name": "Qwen/Qwen3-0.6B", "revision": "main"}}}
write("Qwen_Qwen3-0.6B-openai-chat-concurrency4", "profile_export_genai_perf.json", newer)
# Its CSV is not read while the JSON is good; it differs on purpose.
write("Qwen_Qwen3-0.6B-openai-chat-concurrency4", "profile_export_genai_perf.csv",
      "Metric,avg,min,max,p99,p95,p90,p75,p50,p25,p10,p5,p1\n"
      "Time To First Token (ms),999.00,1.00,2.00,3.00,4.00,5.00,6.00,7.00,8.00,9.00,10.00,11.00\n")

# A sweep point whose JSON was lost: the CSV alone (older CSV columns, no unit
# on the length rows, quoted thousands).
write("Qwen_Qwen3-0.6B-openai-chat-concurrency8", "profile_export_genai_perf.csv",
      "Metric,avg,min,max,p99,p95,p90,p75,p50,p25\n"
      "Time To First Token (ms),61.42,35.10,140.77,138.02,120.50,101.33,75.60,58.21,44.90\n"
      "Inter Token Latency (ms),11.58,9.02,15.33,15.10,14.20,13.41,12.30,11.45,10.71\n"
      "Request Latency (ms),\"1,532.87\",\"1,301.55\",\"2,010.06\",\"1,990.41\",\"1,850.00\",\"1,760.32\",\"1,610.77\",\"1,520.12\",\"1,440.59\"\n"
      "Output Token Throughput Per User (tokens/sec/user),86.36,65.23,110.86,110.10,105.31,100.20,92.80,87.34,81.30\n"
      "Output Sequence Length,128.00,120.00,136.00,136.00,134.00,132.00,130.00,128.00,126.00\n"
      "Input Sequence Length,200.00,180.00,220.00,219.60,218.00,216.00,210.00,200.00,190.00\n"
      "\n"
      "Metric,Value\n"
      "Output Token Throughput (per sec),\"5,919.16\"\n"
      "Request Throughput (per sec),46.24\n"
      "Request Count (count),384\n"
      "\n"
      "Metric,GPU,avg,min,max,p99,p95,p90,p75,p50,p25\n"
      "GPU Power Usage (W),gpu0,251.30,120.00,300.00,299.00,290.00,280.00,270.00,250.00,230.00\n"
      "GPU Power Usage (W),gpu1,248.10,118.00,298.00,297.00,288.00,279.00,268.00,249.00,229.00\n")

# An older release (2024): flat input_config, p25…p99 only, and
# output_token_throughput_per_request (output tokens ÷ request latency).
older = {
    "request_throughput": {"unit": "requests/sec", "avg": 0.9},
    "request_latency": stats(1105.2, 1080.0, 1150.0, old=True),
    "time_to_first_token": stats(25.6, 20.0, 40.0, old=True),
    "inter_token_latency": stats(8.5, 8.1, 9.2, old=True),
    "output_token_throughput": {"unit": "tokens/sec", "avg": 115.2},
    "output_token_throughput_per_request": stats(115.8, 111.3, 118.5, old=True, unit="tokens/sec"),
    "output_sequence_length": stats(128.0, 128.0, 128.0, old=True, unit="tokens"),
    "input_sequence_length": stats(550.0, 550.0, 550.0, old=True, unit="tokens"),
    "input_config": {
        "model": ["gpt2_vllm"], "formatted_model_name": "gpt2_vllm",
        "model_selection_strategy": "round_robin", "backend": "vllm", "endpoint": None,
        "endpoint_type": None, "service_kind": "triton", "streaming": True, "u": None,
        "num_prompts": 100, "output_tokens_mean": -1, "synthetic_input_tokens_mean": 550,
        "synthetic_input_tokens_stddev": 0, "concurrency": 1, "measurement_interval": 10000,
        "request_rate": None, "stability_percentage": 999, "generate_plots": False,
        "profile_export_file": "artifacts/gpt2_vllm-triton-vllm-concurrency1/profile_export.json",
        "artifact_dir": "artifacts/gpt2_vllm-triton-vllm-concurrency1",
        "tokenizer": "hf-internal-testing/llama-tokenizer"}}
write("gpt2_vllm-triton-vllm-concurrency1", "profile_export_genai_perf.json", older)

# A very old release: numbers written as strings, "tokens per sec", and an
# input_config without the load: the folder name gives the request rate.
very_old = {
    "request_throughput": {"unit": "requests/sec", "avg": "2.43"},
    "request_latency": stats(2301.5, 2100.0, 2900.0, old=True, as_text=True),
    "time_to_first_token": stats(80.25, 50.0, 150.0, old=True, as_text=True),
    "inter_token_latency": stats(17.4, 15.0, 22.0, old=True, as_text=True),
    "output_token_throughput": {"unit": "tokens per sec", "avg": "311.04"},
    "output_token_throughput_per_request": stats(55.6, 44.1, 61.0, old=True, as_text=True,
                                                 unit="tokens per sec"),
    "num_output_token": stats(128.0, 100.0, 140.0, old=True, as_text=True, unit="tokens"),
    "num_input_token": stats(300.0, 290.0, 310.0, old=True, as_text=True, unit="tokens"),
    "input_config": {"model": "meta-llama/Llama-2-7b-hf", "service_kind": "openai",
                     "endpoint": "v1/completions", "streaming": True}}
write("llama-2-7b-openai-completions-request_rate2.5", "200_50_genai_perf.json", very_old)
