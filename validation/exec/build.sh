# Sourced by capture.sh and profile.sh: the tools, their versions, and the fixtures' binary and
# listing. Expects O (output folder) and B (build folder); leaves NCU, CUOBJDUMP and $B/kernels.
mkdir -p "$O" "$B"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
CUOBJDUMP=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
nvcc --version | tail -2 > "$O/versions.txt"; "$NCU" --version | tail -1 >> "$O/versions.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv >> "$O/versions.txt"
nvcc -arch=sm_90 -O3 -o "$B/kernels" kernels.cu 2> "$O/nvcc.txt" || { cat "$O/nvcc.txt"; exit 1; }
"$CUOBJDUMP" -sass "$B/kernels" > "$O/kernels.sass"
