"""Writes seeds for the XTypes fuzz targets from Cyclone DDS 11.0.1 (Python): the TypeInformation and
TypeMapping its XTBuilder serializes (XCDR2 LE, what a Cyclone 11 participant announces) for every type the
test peers declare (tests/peers: cyclone_peer, version_peer, xcdr_vectors), plus each TypeObject of the
mappings. No entity is created; run it inside releng/scripts/netns-run.sh anyway (it loads libddsc 11):
  releng/scripts/netns-run.sh env PYTHONPATH=tests/peers ~/.cache/ddstuner/peers-venv/bin/python \
      bench/fuzz/capture-cyclone11.py bench/fuzz/corpus
"""
import os
import sys

from cyclonedds.idl import IdlStruct, IdlUnion
from cyclonedds.idl._support import Endianness

import cyclone_peer
import version_peer
import xcdr_vectors


def types():
    for module in (cyclone_peer, version_peer, xcdr_vectors):
        for name in dir(module):
            t = getattr(module, name)
            if isinstance(t, type) and issubclass(t, (IdlStruct, IdlUnion)) and t not in (IdlStruct, IdlUnion):
                yield module.__name__, t


def main(out):
    dirs = {k: os.path.join(out, k) for k in ("TypeInformationFuzzer", "TypeMappingFuzzer", "TypeObjectFuzzer")}
    for d in dirs.values():
        os.makedirs(d, exist_ok=True)
    n = 0
    seen = set()
    for module, t in types():
        idl = t.__idl__
        idl.fill_type_data()
        info, mapping = idl._xt_bytedata
        name = "cy11-" + idl.idl_transformed_typename.replace("::", "_").replace(".", "_")
        if name in seen:
            continue
        seen.add(name)
        with open(os.path.join(dirs["TypeInformationFuzzer"], name), "wb") as f:
            f.write(b"\0" + info)
        with open(os.path.join(dirs["TypeMappingFuzzer"], name), "wb") as f:
            f.write(b"\0" + mapping)
        tm = idl.get_type_mapping()
        pairs = list(tm.identifier_object_pair_minimal) + list(tm.identifier_object_pair_complete)
        for i, p in enumerate(pairs):
            obj = p.type_object.serialize(endianness=Endianness.Little, use_version_2=True)[4:]
            with open(os.path.join(dirs["TypeObjectFuzzer"], "%s-%d" % (name, i)), "wb") as f:
                f.write(obj)
        n += 1
    print("%d types written to %s" % (n, out))


if __name__ == "__main__":
    main(sys.argv[1])
