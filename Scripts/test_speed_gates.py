"""Checks Scripts/speed-gates.py on small measurements: each figure (instructions, allocations and,
for the memory scenarios, heap bytes retained per operation and by the first, and the first
operation's instructions) is held to its
threshold with the 10% rule, a figure without a threshold fails, and --update writes the retained
bytes only where they were measured.

    python3 Scripts/test_speed_gates.py
"""

import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

SCRIPT = pathlib.Path(__file__).with_name("speed-gates.py")
TOOLCHAIN = "Swift version 6.3.1 (swift-6.3.1-RELEASE), Linux x86_64"


class SpeedGatesTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)
        self.thresholds = pathlib.Path(self.folder.name) / "thresholds.json"
        self.measured = pathlib.Path(self.folder.name) / "measured.tsv"

    def gate(self, mode, thresholds, measured_lines):
        if thresholds is not None:
            self.thresholds.write_text(json.dumps({"about": "", "toolchain": TOOLCHAIN, "scenarios": thresholds}))
        self.measured.write_text("\n".join(measured_lines) + "\n")
        return subprocess.run(
            [sys.executable, str(SCRIPT), mode, str(self.thresholds), str(self.measured), TOOLCHAIN],
            capture_output=True, text=True)

    def test_retained_bytes_within_ten_percent_pass(self):
        result = self.gate("check", {
            "autowired": {"instructions": 2330, "allocations": 6},
            "memory-150-root": {"instructions": 900, "allocations": 20, "retained_bytes": 100_000, "first_retained_bytes": 1_000_000},
        }, ["autowired\t2330\t6\t-\t-", "memory-150-root\t900\t20\t109999\t1000000"])
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertIn("| memory-150-root | retained_bytes | 109,999 | 100,000 | 1.10 | ok |", result.stdout)
        self.assertNotIn("| autowired | retained_bytes", result.stdout)

    def test_retained_bytes_more_than_ten_percent_above_fail_naming_the_scenario(self):
        result = self.gate("check", {
            "memory-150-root": {"instructions": 900, "allocations": 20, "retained_bytes": 100_000, "first_retained_bytes": 1_000_000},
        }, ["memory-150-root\t900\t20\t110001\t1000000"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("| memory-150-root | retained_bytes | 110,001 | 100,000 | 1.10 | REGRESSED |", result.stdout)
        self.assertIn("memory-150-root (retained_bytes 110,001, threshold 100,000)", result.stdout)

    def test_a_first_operation_of_more_than_ten_percent_more_instructions_fails(self):
        result = self.gate("check", {
            "memory-150-root": {"instructions": 900, "allocations": 20, "retained_bytes": 100_000,
                                "first_retained_bytes": 1_000_000, "first_instructions": 250_000_000},
        }, ["memory-150-root\t900\t20\t100000\t1000000\t275000001"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("| memory-150-root | first_instructions | 275,000,001 | 250,000,000 | 1.10 | REGRESSED |",
                      result.stdout)
        self.assertIn("memory-150-root (first_instructions 275,000,001, threshold 250,000,000)", result.stdout)

    def test_a_first_operation_retaining_more_than_ten_percent_above_fails(self):
        result = self.gate("check", {
            "memory-150-root": {"instructions": 900, "allocations": 20, "retained_bytes": 100_000,
                                "first_retained_bytes": 1_000_000},
        }, ["memory-150-root\t900\t20\t100000\t1100008"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("| memory-150-root | first_retained_bytes | 1,100,008 | 1,000,000 | 1.10 | REGRESSED |",
                      result.stdout)
        self.assertIn("| memory-150-root | retained_bytes | 100,000 | 100,000 | 1.00 | ok |", result.stdout)

    def test_retained_bytes_well_below_are_reported_not_failed(self):
        result = self.gate("check", {
            "memory-150-root": {"instructions": 900, "allocations": 20, "retained_bytes": 100_000, "first_retained_bytes": 1_000_000},
        }, ["memory-150-root\t900\t20\t50000.5\t1000000"])
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertIn("| memory-150-root | retained_bytes | 50,000.50 | 100,000 | 0.50 | improved: lock in with --update |",
                      result.stdout)

    def test_retained_bytes_without_a_threshold_fail(self):
        result = self.gate("check", {
            "memory-150-root": {"instructions": 900, "allocations": 20},
        }, ["memory-150-root\t900\t20\t100000\t-"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("| memory-150-root | retained_bytes | 100,000 | | | no threshold |", result.stdout)
        self.assertIn("no threshold (or no measurement) for memory-150-root (retained_bytes)", result.stdout)

    def test_a_threshold_for_retained_bytes_that_were_not_measured_fails(self):
        result = self.gate("check", {
            "memory-150-root": {"instructions": 900, "allocations": 20, "retained_bytes": 100_000, "first_retained_bytes": 1_000_000},
        }, ["memory-150-root\t900\t20\t-\t-"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("| memory-150-root | retained_bytes | | 100,000 | | not measured |", result.stdout)

    def test_instructions_are_still_gated(self):
        result = self.gate("check", {
            "autowired": {"instructions": 2330, "allocations": 6},
        }, ["autowired\t2600\t6\t-\t-"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("autowired (instructions 2,600, threshold 2,330)", result.stdout)

    def test_update_writes_retained_bytes_only_for_the_scenarios_that_have_them(self):
        result = self.gate("update", None, ["autowired\t2330\t6\t-\t-", "memory-150-root\t900\t20.5\t98304\t1300000"])
        self.assertEqual(result.returncode, 0, result.stderr)
        written = json.loads(self.thresholds.read_text())
        self.assertEqual(written["scenarios"], {
            "autowired": {"instructions": 2330, "allocations": 6},
            "memory-150-root": {
                "instructions": 900, "allocations": 20.5, "retained_bytes": 98304, "first_retained_bytes": 1300000},
        })
        self.assertIn("retained_bytes", written["about"])


if __name__ == "__main__":
    unittest.main()
