"""The table runs numpy's BLAS on one thread (its products are small; spare threads only spin)."""

import json
import subprocess
import sys


def test_a_table_command_leaves_blas_one_thread():
    code = (
        "import json; from threadpoolctl import threadpool_info; from table_controller.cli import main; "
        "main(['vision', 'identify', 'no-such-photo.png']); "
        "print(json.dumps([p['num_threads'] for p in threadpool_info() if p['user_api'] == 'blas']))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    threads = json.loads(out.stdout.strip().splitlines()[-1])
    assert threads and all(n == 1 for n in threads)
