#!/usr/bin/env python3
# gen-trace.py — writes a PyTorch-profiler-shaped Chrome trace of about
# SIZE_MB megabytes for the trace benchmark (made at benchmark time, never
# committed).
#
# usage: gen-trace.py SIZE_MB OUT.json
#
# Per iteration: a ProfilerStep#N annotation, CPU ops with their CUDA
# runtime launches, ac2g flows and the device kernels on GPU 0 (GEMMs,
# attention, NCCL, elementwise), with args like Kineto's. Streams the text
# out, so its own memory stays small.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import sys

KERNELS = [
    ("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel", 180),
    ("void flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64, 64, 4, false, false, cutlass::bfloat16_t>, false, true>(Flash_fwd_params)", 95),
    ("ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<(unsigned long)4096>)", 140),
    ("void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<c10::BFloat16>, at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<c10::BFloat16>, at::detail::Array<char*, 3>)", 12),
    ("void vllm::rms_norm_kernel<c10::BFloat16, 8>(c10::BFloat16*, c10::BFloat16 const*, c10::BFloat16 const*, float, int, int)", 9),
    ("void fused_moe_kernel<__nv_bfloat16, 128>(const T*, int, int)", 210),
]

def main():
    size = int(float(sys.argv[1]) * 1e6)
    out = open(sys.argv[2], "w")
    out.write('{"schemaVersion": 1, "deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3"}],\n"traceEvents": [\n')
    out.write('{"name": "process_name", "ph": "M", "ts": 0, "pid": 1234, "tid": 0, "args": {"name": "python3"}},\n')
    out.write('{"name": "process_labels", "ph": "M", "ts": 0, "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}}')
    written, ts, corr, step = 0, 1000.0, 1, 1
    while written < size:
        # The step's kernels first: the ProfilerStep annotation spans them,
        # and on their stream each kernel ends before the next one starts.
        kernels = []
        t = ts
        for i in range(40):
            name, dur = KERNELS[i % len(KERNELS)]
            kdur = dur * (1 + ((corr + i) % 7) / 20.0)
            kernels.append((i, name, t, kdur))
            t += kdur + 6
        parts = ['{"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%d", "pid": 1234, "tid": 1234, "ts": %.3f, "dur": %.3f, "args": {"External id": %d}}'
                 % (step, ts, t - ts, corr)]
        for i, name, t, kdur in kernels:
            parts.append('{"ph": "X", "cat": "cpu_op", "name": "aten::op_%d", "pid": 1234, "tid": 1234, "ts": %.3f, "dur": 8.5, "args": {"External id": %d, "Sequence number": %d, "Fwd thread id": 0}}' % (i, t, corr, corr))
            parts.append('{"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1234, "tid": 1234, "ts": %.3f, "dur": 4.2, "args": {"External id": %d, "cbid": 211, "correlation": %d}}' % (t + 1, corr, corr))
            parts.append('{"ph": "s", "id": %d, "pid": 1234, "tid": 1234, "ts": %.3f, "cat": "ac2g", "name": "ac2g"}' % (corr, t + 1))
            parts.append('{"ph": "X", "cat": "kernel", "name": "%s", "pid": 0, "tid": 7, "ts": %.3f, "dur": %.3f, "args": {"External id": %d, "queued": 0, "device": 0, "context": 1, "stream": 7, "correlation": %d, "registers per thread": 128, "shared memory": 49152, "blocks per SM": 1.5, "warps per SM": 6.0, "grid": [132, 1, 1], "block": [384, 1, 1], "est. achieved occupancy %%": 12}}'
                         % (name, t + 5, kdur - 5, corr, corr))
            parts.append('{"ph": "f", "id": %d, "pid": 0, "tid": 7, "ts": %.3f, "cat": "ac2g", "name": "ac2g", "bp": "e"}' % (corr, t + 5))
            corr += 1
        text = ",\n" + ",\n".join(parts)
        out.write(text)
        written += len(text)
        ts = kernels[-1][2] + kernels[-1][3] + 50
        step += 1
    out.write('\n],\n"traceName": "bench", "displayTimeUnit": "ms", "baseTimeNanoseconds": 1700000000000000000}\n')
    out.close()

main()
