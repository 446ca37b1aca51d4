"""Checks Scripts/benchmark-report.py on a small JMH export: known rows get per-operation figures,
and a scenario the report does not know is listed rather than dropped.

    python3 Scripts/test_benchmark_report.py
"""

import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

SCRIPT = pathlib.Path(__file__).with_name("benchmark-report.py")


def entry(name, wall_ns, mallocs):
    return {
        "benchmark": f"AutowireBenchmarks.{name}",
        "secondaryMetrics": {
            "Time (wall clock)": {"scoreUnit": "ns", "rawData": [[wall_ns, wall_ns]]},
            "Malloc (total)": {"scoreUnit": "#", "rawData": [[mallocs, mallocs]]},
        },
    }


class BenchmarkReportTests(unittest.TestCase):
    def run_report(self, entries):
        with tempfile.NamedTemporaryFile("w", suffix=".jmh", delete=False) as export:
            export.write("benchmark output\n" + json.dumps(entries))
        return subprocess.run(
            [sys.executable, str(SCRIPT), export.name], capture_output=True, text=True, check=True)

    def test_a_known_scenario_is_shown_per_operation(self):
        result = self.run_report([entry("graph/handwritten-properties", 250_000, 6_000)])
        self.assertIn("| Hand-written property injection | 250.0 ns | 6 |", result.stdout)

    def test_a_scenario_the_report_does_not_know_is_listed_not_dropped(self):
        result = self.run_report([
            entry("graph/handwritten-properties", 250_000, 6_000),
            entry("my-app/handler-autowired", 1_500_000, 9_000),
        ])
        self.assertIn("| my-app/handler-autowired | 1.50 ms | 9000 |", result.stdout)
        self.assertIn("1 scenario(s) not in ROWS: my-app/handler-autowired", result.stderr)


if __name__ == "__main__":
    unittest.main()
