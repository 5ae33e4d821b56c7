"""Reading `nvidia-smi -q -x` captures safely."""

import pytest

from deepdecide.domain.errors import ValidationError
from deepdecide.importers.nvidia_smi import parse_nvidia_smi_xml, read_nvidia_smi_file

XML = b"""<?xml version="1.0" ?>
<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v12.dtd">
<nvidia_smi_log>
  <timestamp>Sun Nov 29 10:00:00 2026</timestamp>
  <driver_version>570.86.15</driver_version>
  <cuda_version>12.8</cuda_version>
  <attached_gpus>2</attached_gpus>
  <gpu id="00000000:18:00.0"><product_name>NVIDIA H100 80GB HBM3</product_name>
    <product_architecture>Hopper</product_architecture></gpu>
  <gpu id="00000000:2A:00.0"><product_name>NVIDIA H100 80GB HBM3</product_name>
    <product_architecture>Hopper</product_architecture></gpu>
</nvidia_smi_log>
"""


def test_parse_capture():
    m = parse_nvidia_smi_xml(XML, "h100.xml")
    assert (m.gpu_name, m.gpu_count, m.driver, m.cuda) == ("NVIDIA H100 80GB HBM3", 2, "570.86.15", "12.8")
    assert any("Hopper" in n for n in m.notes)
    assert m.os == ""  # the capture does not say; the user gives --os


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"<nvidia_smi_log><gpu>", "not well-formed"),
        (b"<html></html>", "root element is <html>"),
        (b"<nvidia_smi_log></nvidia_smi_log>", "no <gpu>"),
        (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
         b"<nvidia_smi_log>&b;</nvidia_smi_log>", "unsafe XML"),
    ],
)
def test_bad_captures(data, reason):
    with pytest.raises(ValidationError, match=reason) as info:
        parse_nvidia_smi_xml(data, "bad.xml")
    assert info.value.file == "bad.xml"


def test_missing_file(tmp_path):
    with pytest.raises(ValidationError, match="no such file"):
        read_nvidia_smi_file(tmp_path / "none.xml")
