#!/usr/bin/env python3
# make-fixtures.py — writes the synthetic Nsight Systems kernel summaries in
# this folder (see README.md). Values are chosen so that every total, mean
# and ratio the tests assert can be checked by hand.
import os

here = os.path.dirname(os.path.abspath(__file__))

MOE = "void fused_moe_kernel<__nv_bfloat16, 128>(const T*, int, int)"
SENDRECV = "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<(unsigned long)4096>)"
FLASH = ("void flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64, 64, 4, false, false, "
         "cutlass::bfloat16_t, Flash_kernel_traits<128, 64, 64, 4, cutlass::bfloat16_t>>, false, true>(Flash_fwd_params)")
GEMM = "nvjet_tst_128x256_64x4_1x2_h_bz_coopB_TNT"
ALLREDUCE = "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<(unsigned long)4096>)"
NORM = "void vllm::rms_norm_kernel<c10::BFloat16, 8>(c10::BFloat16*, float, int)"
MEMCPY = 'Memcpy "HtoD" (pinned, async)'

def quote(name):
    return '"' + name.replace('"', '""') + '"'

def write(name, text, encoding="utf-8"):
    path = os.path.join(here, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding=encoding, newline="") as f:
        f.write(text)

# nsys-ui "CUDA GPU Kernel Summary" exports, EPLB off and on (ccl-bench's
# EPLBOFF.csv / EPLBON.csv shape). μ is U+03BC in one, µ (U+00B5) in the other.
def ui(rows, micro):
    lines = ["Time,Total Time,Instances,Avg,Med,Min,Max,StdDev,Name"]
    for r in rows:
        lines.append(",".join(r[:8]).replace("μ", micro) + "," + quote(r[8]))
    return "\r\n".join(lines) + "\r\n"

off = [
    ["40.00%", "2.000 s", "20000", "100.000 μs", "98.000 μs", "50.000 μs", "200.000 μs", "10.000 μs", MOE],
    ["20.00%", "1.000 s", "10000", "100.000 μs", "100.000 μs", "90.000 μs", "110.000 μs", "5.000 μs", SENDRECV],
    ["16.00%", "800.000 ms", "4000", "200.000 μs", "200.000 μs", "150.000 μs", "250.000 μs", "20.000 μs", FLASH],
    ["10.00%", "500.000 ms", "5000", "100.000 μs", "100.000 μs", "80.000 μs", "120.000 μs", "8.000 μs", GEMM],
    ["8.00%", "400.000 ms", "2000", "200.000 μs", "190.000 μs", "100.000 μs", "400.000 μs", "30.000 μs", ALLREDUCE],
    ["5.00%", "250.000 ms", "1000", "250.000 μs", "250.000 μs", "240.000 μs", "260.000 μs", "5.000 μs", NORM],
    ["1.00%", "50.000 ms", "50000", "1.000 μs", "1.000 μs", "703 ns", "2.000 μs", "100 ns", MEMCPY],
]
on = [
    ["31.91%", "1.500 s", "20000", "75.000 μs", "74.000 μs", "60.000 μs", "90.000 μs", "5.000 μs", MOE],
    ["25.53%", "1.200 s", "12000", "100.000 μs", "100.000 μs", "90.000 μs", "110.000 μs", "5.000 μs", SENDRECV],
] + off[2:]
write("eplb/EPLBOFF.csv", ui(off, "μ"))
write("eplb/EPLBON.csv", ui(on, "µ"))

# nsys stats --format csv, printed with its preamble, everything quoted.
stats = ('Generating SQLite file report.sqlite from report.nsys-rep\n'
         'Processing [report.sqlite] with [/opt/nvidia/nsight-systems/2024.5.1/host-linux-x64/reports/cuda_gpu_kern_sum.py]... \n'
         '\n'
         '"Time (%)","Total Time (ns)","Instances","Avg (ns)","Med (ns)","Min (ns)","Max (ns)","StdDev (ns)","Name"\n'
         '"62.5","2500000","100","25000.0","24000.0","20000","40000","3000.5",'
         '"void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x4_tn_align8>(Params)"\n'
         '"37.5","1500000","300","5000.0","5000.0","4000","6000","500.0",'
         '"ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<(unsigned long)4096>)"\n')
write("variants/report_cuda_gpu_kern_sum.csv", stats)

# --timeunit usec, header and numbers unquoted.
write("variants/timeunit_us.csv",
      "Time (%),Total Time (us),Instances,Avg (us),Med (us),Min (us),Max (us),StdDev (us),Name\n"
      "100.0,1500.5,3,500.166,500.0,400.0,600.5,100.0,\"triton_poi_fused_add_mul_0\"\n")

# The old gpukernsum report: Average/Minimum/Maximum, an unquoted name.
write("variants/gpukernsum.csv",
      "Time(%),Total Time (ns),Instances,Average,Minimum,Maximum,Name\n"
      "75.0,3000,3,1000.0,900,1100,\"gemm_kernel, variant A\"\n"
      "25.0,1000,1,1000.0,1000,1000,elementwise_kernel\n")

# UTF-16 with a byte-order mark and tabs; semicolons.
write("variants/utf16_tabs.csv",
      "\ufeffTime\tTotal Time\tInstances\tAvg\tMed\tMin\tMax\tStdDev\tName\r\n"
      "100.00%\t1.500 ms\t3\t500.000 μs\t500.000 μs\t400.000 μs\t600.000 μs\t100.000 μs\tsoftmax_warp_forward<float>\r\n",
      encoding="utf-16-le")
write("variants/semicolons.csv",
      "Time;Total Time;Instances;Avg;Med;Min;Max;StdDev;Name\n"
      "100.00%;2.500 ms;5;500.000 µs;500.000 µs;400.000 µs;600.000 µs;100.000 µs;\"ncclDevKernel_AllToAll_RING(x; y)\"\n")

# Broken cells: a number that does not parse, a unit nobody knows, a short
# row; the good rows still load. And a file without a Name column.
write("broken/bad_cells.csv",
      "Time,Total Time,Instances,Avg,Med,Min,Max,StdDev,Name\n"
      "50.00%,1.000 ms,10,100.000 μs,n/a,90.000 μs,110.000 μs,5.000 μs,good_kernel_a\n"
      "30.00%,5 parsecs,10,100.000 μs,100.000 μs,90.000 μs,110.000 μs,5.000 μs,lost_kernel\n"
      "20.00%,400.000 μs,4\n"
      "20.00%,400.000 μs,4,100.000 μs,100.000 μs,90.000 μs,110.000 μs,5.000 μs,good_kernel_b\n")
write("broken/no_name.csv",
      "Time,Total Time,Instances,Avg\n"
      "100.00%,1.000 ms,10,100.000 μs\n")

# A semicolon export from a locale with decimal commas ("1,500 ms" is
# 1.5 ms there), and one with grouped thousands in a comma file.
write("variants/decimal_comma.csv",
      "Time;Total Time;Instances;Avg;Med;Min;Max;StdDev;Name\n"
      "60,00%;1,500 ms;100;15,000 µs;14,000 µs;10,000 µs;30,000 µs;2,000 µs;\"void triton_poi_fused_add_mul_0(float*; \"\"x\"\", int)\"\n"
      "40,00%;1,000 ms;50;20,000 μs;20,000 μs;20,000 μs;20,000 μs;0 ns;nvjet_hsh_64x8_64x16_4x1_v_bz_TNT\n")
write("variants/thousands.csv",
      "\"Time (%)\",\"Total Time (ns)\",\"Instances\",\"Avg (ns)\",\"Med (ns)\",\"Min (ns)\",\"Max (ns)\",\"StdDev (ns)\",\"Name\"\n"
      "\"100.0\",\"1,204,000\",\"1,000\",\"1,204.0\",\"1,200.0\",\"1,000\",\"2,000\",\"100.0\",\"gemm_kernel\"\n")
# A sibling report of nsys stats (cuda_api_sum, "Num Calls"): the CUDA API
# calls are not GPU kernels. An unknown unit in a header; no Instances.
write("broken/api_sum.csv",
      "\"Time (%)\",\"Total Time (ns)\",\"Num Calls\",\"Avg (ns)\",\"Med (ns)\",\"Min (ns)\",\"Max (ns)\",\"StdDev (ns)\",\"Name\"\n"
      "\"60.2\",\"1204000000\",\"1020\",\"1180392.2\",\"1024.0\",\"512\",\"9000000\",\"300000.1\",\"cudaStreamSynchronize\"\n")
write("broken/bad_unit.csv",
      "Generating SQLite file report.sqlite from report.nsys-rep\n"
      "\"Time (%)\",\"Total Time (min)\",\"Instances\",\"Avg (ns)\",\"Name\"\n"
      "\"100.0\",\"3\",\"1\",\"3\",\"kernel_a\"\n")
write("broken/no_instances.csv",
      "Time,Total Time,Avg,Name\n"
      "50.00%,1.000 ms,10.000 us,kernel_a\n")
