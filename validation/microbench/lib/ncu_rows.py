"""What every probe summary reads (lib/probe.sh writes both files): ncu's raw rows, one per
launch in order, beside the MANIFEST lines the probe printed for the same launches."""
import csv


def number(text):
    """A metric's value; ncu groups thousands with commas and writes n/a for a metric it lacks."""
    return float(text.replace(",", "")) if text not in ("", "n/a", None) else float("nan")


def launches(ncu_raw, manifest):
    """Pairs (metric reader, manifest fields) per launch: metric(name) is that launch's value."""
    rows = [r for r in csv.DictReader(open(ncu_raw)) if r.get("ID", "").isdigit()]
    fields = [line.strip().split(",") for line in open(manifest) if line.startswith("MANIFEST")]
    return [((lambda name, r=r: number(r.get(name, ""))), m) for r, m in zip(rows, fields)]
