#!/usr/bin/python3
# reference-plot.py — the speed reference of issue 8: aiperf plot's PNG mode
# (default presets only) written with pandas and matplotlib, the way the
# Python tool loads and draws, so aiperf-plot's ratio can be measured on the
# same machine.
#
# usage: reference-plot.py INPUT-DIR OUTPUT-DIR
#   one run folder → the 5 single-run defaults; a folder of runs → the 4
#   multi-run defaults. PNGs are 2400 × 1200 (16 × 8 in at 150 dpi).
#
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import math
import os
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

DEEP = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860",
        "#da8bc3", "#8c8c8c", "#ccb974", "#64b5cd"]


def figure(title, xlabel, ylabel):
    fig, ax = plt.subplots(figsize=(16, 8), dpi=150)
    ax.set_title(title, fontsize=18, fontweight="bold")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(color="#CCCCCC")
    return fig, ax


def save(fig, out, name):
    fig.savefig(os.path.join(out, name + ".png"))
    plt.close(fig)


# ---- multi-run ----

def load_summaries(root):
    rows = []
    for dirpath, _, files in os.walk(root):
        if "profile_export_aiperf.json" not in files:
            continue
        with open(os.path.join(dirpath, "profile_export_aiperf.json")) as f:
            data = json.load(f)
        row = {"run": dirpath}
        for key, value in data.items():
            if isinstance(value, dict) and "avg" in value:
                for stat, v in value.items():
                    if stat != "unit":
                        row[f"{key}_{stat}"] = v
        config = data.get("input_config", {})
        row["model"] = (config.get("endpoint", {}).get("model_names") or ["?"])[0]
        row["concurrency"] = config.get("loadgen", {}).get("concurrency", 1)
        gpus = {g.get("gpu_uuid") for e in (data.get("telemetry_data") or {}).get("endpoints", {}).values()
                for g in (e.get("gpus") or {}).values()} if isinstance(data.get("telemetry_data"), dict) else set()
        row["n_gpus"] = max(len(gpus), 1)
        rows.append(row)
    df = pd.DataFrame(rows)
    df["output_token_throughput_per_gpu_avg"] = df["output_token_throughput_avg"] / df["n_gpus"]
    return df.sort_values(["model", "concurrency"])


def pareto_front(x, y):
    order = np.argsort(x)
    best, keep = -math.inf, []
    for i in order:
        if y[i] >= best:
            keep.append(i)
            best = y[i]
    return keep


def plot_pareto(df, out, name, xcol, title, xlabel):
    fig, ax = figure(title, xlabel, "Output Token Throughput per GPU (tokens/sec/gpu)")
    for k, (model, g) in enumerate(df.groupby("model")):
        x = g[xcol].to_numpy()
        y = g["output_token_throughput_per_gpu_avg"].to_numpy()
        colour = DEEP[k % len(DEEP)]
        ax.scatter(x, y, s=60, color=colour, label=model)
        front = pareto_front(x, y)
        ax.plot(x[front], y[front], color=colour, linewidth=3)
        for xi, yi, c in zip(x, y, g["concurrency"]):
            ax.annotate(str(c), (xi, yi), textcoords="offset points", xytext=(0, 8), ha="center")
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
    save(fig, out, name)


def multi_run(root, out):
    df = load_summaries(root)
    plot_pareto(df, out, "pareto_curve_throughput_per_gpu_vs_latency", "request_latency_avg",
                "Pareto Curve: Token Throughput per GPU vs Latency", "Request Latency (ms)")
    plot_pareto(df, out, "pareto_curve_throughput_per_gpu_vs_interactivity",
                "output_token_throughput_per_user_avg",
                "Pareto Curve: Token Throughput per GPU vs Interactivity",
                "Output Token Throughput per User (tokens/sec/user)")

    fig, ax = figure("TTFT vs Throughput", "Time to First Token (ms)", "Request Throughput (requests/sec)")
    for k, (model, g) in enumerate(df.groupby("model")):
        g = g.sort_values("time_to_first_token_avg")
        ax.plot(g["time_to_first_token_avg"], g["request_throughput_avg"], "-o", color=DEEP[k % len(DEEP)],
                label=model)
        for xi, yi, c in zip(g["time_to_first_token_avg"], g["request_throughput_avg"], g["concurrency"]):
            ax.annotate(str(c), (xi, yi), textcoords="offset points", xytext=(0, 8), ha="center")
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
    save(fig, out, "ttft_vs_throughput")

    fig, ax = figure("Latency vs Throughput (Joint Uncertainty)", "Request Latency (ms)",
                     "Output Token Throughput per GPU (tokens/sec/gpu)")
    t = np.linspace(0, 2 * math.pi, 64)
    for k, (model, g) in enumerate(df.groupby("model")):
        colour = DEEP[k % len(DEEP)]
        for _, point in g.groupby("concurrency"):
            x, y = point["request_latency_avg"], point["output_token_throughput_per_gpu_avg"]
            sx = point.get("request_latency_std", pd.Series([0])).fillna(0).mean()
            sy = 0.02 * y.mean()
            ax.errorbar(x.mean(), y.mean(), xerr=sx, yerr=sy, fmt="o", color=colour)
            ax.plot(x.mean() + sx * np.cos(t), y.mean() + sy * np.sin(t), "--", color=colour, alpha=0.5)
    save(fig, out, "latency_throughput_uncertainty")


# ---- single run ----

def load_requests(path):
    records = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            r = json.loads(line)
            meta, metrics = r.get("metadata", {}), r.get("metrics", {})
            row = {"request_start_ns": meta.get("request_start_ns"), "request_end_ns": meta.get("request_end_ns")}
            for key, value in metrics.items():
                if isinstance(value, dict):
                    row[key] = value.get("value")
            records.append(row)
    df = pd.DataFrame(records)
    df["request_number"] = np.arange(len(df))
    origin = df["request_start_ns"].min()
    df["start_s"] = (df["request_start_ns"] - origin) / 1e9
    df["end_s"] = (df["request_end_ns"] - origin) / 1e9
    return df, origin


def dispersed_throughput(df):
    first = df["start_s"] + df["time_to_first_token"] / 1000.0
    rate = (df["output_sequence_length"] - 1) / (df["end_s"] - first).clip(lower=1e-9)
    t = np.concatenate([first.to_numpy(), df["end_s"].to_numpy()])
    d = np.concatenate([rate.to_numpy(), -rate.to_numpy()])
    order = np.argsort(t, kind="stable")
    return pd.DataFrame({"timestamp_s": t[order], "throughput_tokens_per_sec": np.cumsum(d[order])})


def plot_timeslices(slices, duration, tag, title, out, name, run_avg, run_std):
    rows = [{"slice": s["timeslice_index"], "avg": s[tag]["avg"], "std": s[tag].get("std", 0)}
            for s in slices if tag in s]
    df = pd.DataFrame(rows)
    x = (df["slice"] + 0.5) * duration
    fig, ax = figure(title, "Time (s)", f"{title} (ms)")
    ax.errorbar(x, df["avg"], yerr=df["std"], fmt="o", markersize=4, color=DEEP[0])
    ax.axhline(run_avg, color="#555555")
    ax.axhspan(run_avg - run_std, run_avg + run_std, color="#555555", alpha=0.1)
    outliers = df["avg"] > run_avg + run_std + df["std"]
    ax.scatter(x[outliers], df["avg"][outliers], marker="D", color="red", zorder=3)
    ticks = np.linspace(0, len(df), min(len(df), 20) + 1).astype(int)
    ax.set_xticks(ticks * duration)
    ax.set_xticklabels([f"{int(i * duration)}-{int((i + 1) * duration)}" for i in ticks], rotation=-45)
    save(fig, out, name)


def single_run(root, out):
    requests, origin = load_requests(os.path.join(root, "profile_export.jsonl"))
    with open(os.path.join(root, "profile_export_aiperf.json")) as f:
        summary = json.load(f)

    fig, ax = figure("TTFT Per Request Over Time", "Request Number", "Time to First Token (ms)")
    ax.scatter(requests["request_number"], requests["time_to_first_token"], s=4, alpha=0.95, color=DEEP[0])
    save(fig, out, "ttft_over_time")

    fig, ax = figure("TTFT Timeline", "Time (s)", "Time to First Token (ms)")
    y = requests["time_to_first_token"]
    first = requests["start_s"] + y / 1000.0
    ax.hlines(y, requests["start_s"], first, color="#76B900", linewidth=2, label="Prefill Phase")
    ax.hlines(y, first, requests["end_s"], color=DEEP[0], linewidth=2, label="Decode Phase")
    ax.legend(loc="lower right")
    save(fig, out, "ttft_timeline")

    path = os.path.join(root, "profile_export_aiperf_timeslices.json")
    if os.path.exists(path):
        with open(path) as f:
            data = json.load(f)
        config = data.get("input_config", {})
        duration = (config.get("output") or config.get("artifacts") or {}).get("slice_duration", 1.0)
        for tag, title, name in (("time_to_first_token", "Time to First Token", "timeslices_ttft"),
                                 ("inter_token_latency", "Inter Token Latency", "timeslices_itl")):
            stats = summary.get(tag, {})
            plot_timeslices(data["timeslices"], duration, tag, title, out, name,
                            stats.get("avg", 0), stats.get("std", 0))

    path = os.path.join(root, "gpu_telemetry_export.jsonl")
    if os.path.exists(path):
        telemetry = pd.read_json(path, lines=True, convert_dates=False)
        fields = pd.json_normalize(telemetry["telemetry_data"])
        telemetry = pd.concat([telemetry.drop(columns=["telemetry_data"]), fields], axis=1)
        telemetry["timestamp_s"] = (telemetry["timestamp_ns"] - origin) / 1e9
        gpu = telemetry.groupby("timestamp_s", as_index=False)["gpu_utilization"].mean()
        throughput = dispersed_throughput(requests)
        fig, ax = figure("GPU Utilization and Throughput Over Time", "Time (s)", "Throughput (tokens/sec)")
        ax.step(throughput["timestamp_s"], throughput["throughput_tokens_per_sec"], where="post", color=DEEP[0])
        ax2 = ax.twinx()
        ax2.fill_between(gpu["timestamp_s"], gpu["gpu_utilization"], color=DEEP[1], alpha=0.3)
        ax2.plot(gpu["timestamp_s"], gpu["gpu_utilization"], color=DEEP[1])
        ax2.set_ylabel("GPU Utilization (%)")
        save(fig, out, "gpu_utilization_and_throughput_over_time")


def main():
    root, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    if os.path.exists(os.path.join(root, "profile_export.jsonl")):
        single_run(root, out)
    else:
        multi_run(root, out)


if __name__ == "__main__":
    main()
