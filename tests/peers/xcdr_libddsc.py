"""libddsc 11.0.1's own (C) serializer for xcdr_vectors.py: writes samples with dds_write from C memory.

There are no libddsc 11 headers in the venv, so the topic descriptor (with its serializer ops) comes from
libddsc itself: dds_create_topic_descriptor() on the type information of the Python topic of the same type.
The samples are laid out in C memory with ctypes following idlc's C mapping (checked against the
descriptor's m_size). A C DataWriter with the requested data representation writes them, and a Python
DataReader on the same topic takes the raw serialized data. libddsc 11.0.1 refuses XCDR1 for types with
@optional members (dds_write returns BAD_PARAMETER: FinalOpt) and for types with an @appendable or @mutable
struct nested in another struct (dds_create_writer returns BAD_PARAMETER: MutNoOpt, which nests AppNoOpt);
it writes XCDR1 for a top-level @appendable (AppNoOpt) or @mutable (MutFlat) type of final members.
"""
import ctypes as ct
import enum
import time

from cyclonedds.core import Qos, Policy
from cyclonedds.idl import IdlStruct, IdlUnion
from cyclonedds.internal import load_cyclonedds
from cyclonedds.sub import DataReader
from cyclonedds.topic import Topic
from cyclonedds._clayer import ddspy_take

DDS_FIND_SCOPE_LOCAL_DOMAIN = 1
DDS_RELIABILITY_RELIABLE = 1

_lib = load_cyclonedds()
_lib.dds_get_typeinfo.argtypes = [ct.c_int32, ct.POINTER(ct.c_void_p)]
_lib.dds_free_typeinfo.argtypes = [ct.c_void_p]
_lib.dds_create_topic_descriptor.argtypes = [ct.c_int, ct.c_int32, ct.c_void_p, ct.c_int64, ct.POINTER(ct.c_void_p)]
_lib.dds_delete_topic_descriptor.argtypes = [ct.c_void_p]
_lib.dds_create_topic.argtypes = [ct.c_int32, ct.c_void_p, ct.c_char_p, ct.c_void_p, ct.c_void_p]
_lib.dds_create_qos.restype = ct.c_void_p
_lib.dds_delete_qos.argtypes = [ct.c_void_p]
_lib.dds_qset_data_representation.argtypes = [ct.c_void_p, ct.c_uint32, ct.POINTER(ct.c_int16)]
_lib.dds_qset_reliability.argtypes = [ct.c_void_p, ct.c_int, ct.c_int64]
_lib.dds_create_writer.argtypes = [ct.c_int32, ct.c_int32, ct.c_void_p, ct.c_void_p]
_lib.dds_write.argtypes = [ct.c_int32, ct.c_void_p]
_lib.dds_cdrstream_desc_from_topic_desc.argtypes = [ct.c_void_p, ct.c_void_p]
_lib.dds_cdrstream_desc_fini.argtypes = [ct.c_void_p, ct.c_void_p]
_lib.dds_ostream_init.argtypes = [ct.c_void_p, ct.c_void_p, ct.c_uint32, ct.c_uint32]
_lib.dds_ostream_fini.argtypes = [ct.c_void_p, ct.c_void_p]
_lib.dds_stream_write_sampleBE.argtypes = [ct.c_void_p, ct.c_void_p, ct.c_void_p, ct.c_void_p]
_lib.dds_stream_write_sampleBE.restype = ct.c_bool


class _Allocator(ct.Structure):
    """struct dds_cdrstream_allocator: malloc, realloc, free (libc's)."""
    _fields_ = [("malloc", ct.c_void_p), ("realloc", ct.c_void_p), ("free", ct.c_void_p)]


_libc = ct.CDLL(None)
_ALLOCATOR = _Allocator(ct.cast(_libc.malloc, ct.c_void_p), ct.cast(_libc.realloc, ct.c_void_p),
                        ct.cast(_libc.free, ct.c_void_p))
# struct dds_ostream starts {unsigned char *m_buffer; uint32_t m_size; uint32_t m_index; ...}; the
# buffers below are larger than it and struct dds_cdrstream_desc, whose other fields we never read
_OSTREAM_INDEX_OFFSET = 12
_SCRATCH = 1024


def take_raw(reader):
    """The serialized data (encapsulation header included) of the first valid sample the reader gets in 10 s."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        ret = ddspy_take(reader._ref, 0xffffffff, 1)
        if isinstance(ret, int):
            raise RuntimeError(f"take failed: {ret}")
        for data, info in ret:
            if info.valid_data:
                return bytes(data)
        time.sleep(0.01)
    raise RuntimeError("no sample arrived")


def _seq(elem):
    """dds_sequence_T: uint32 _maximum, uint32 _length, T *_buffer, bool _release."""
    return type("seq_" + elem.__name__, (ct.Structure,), {"_fields_": [
        ("_maximum", ct.c_uint32), ("_length", ct.c_uint32), ("_buffer", ct.POINTER(elem)), ("_release", ct.c_bool)]})


class CInner(ct.Structure):
    _fields_ = [("s", ct.c_int16), ("d", ct.c_double)]


class CU(ct.Structure):
    _fields_ = [("_d", ct.c_int32), ("_u", type("U_u", (ct.Union,), {"_fields_": [
        ("a", ct.c_int32), ("b", ct.c_char_p), ("c", ct.c_double)]}))]


class CEU(ct.Structure):
    _fields_ = [("_d", ct.c_uint32), ("_u", type("EU_u", (ct.Union,), {"_fields_": [
        ("r", ct.c_uint8), ("g", CInner), ("b", _seq(ct.c_char_p))]}))]


class CAppNoOpt(ct.Structure):
    _fields_ = [("id", ct.c_int32), ("s", ct.c_char_p), ("inner", CInner), ("si", _seq(CInner)), ("col", ct.c_uint32)]


class CMutNoOpt(ct.Structure):
    _fields_ = [("id", ct.c_int32), ("s", ct.c_char_p), ("inner", CInner), ("sl", _seq(ct.c_int32)), ("u", CU),
                ("app", CAppNoOpt), ("ss", _seq(ct.c_char_p)), ("col", ct.c_uint32), ("eu", CEU)]


class CMutFlat(ct.Structure):
    _fields_ = [("id", ct.c_int32), ("s", ct.c_char_p), ("inner", CInner), ("sl", _seq(ct.c_int32)), ("u", CU),
                ("ss", _seq(ct.c_char_p)), ("col", ct.c_uint32), ("eu", CEU)]


class CFinalOpt(ct.Structure):
    _fields_ = [("a", ct.c_int32), ("b", ct.POINTER(ct.c_int32)), ("c", ct.c_char_p), ("d", ct.POINTER(ct.c_double))]


C_TYPES = {"AppNoOpt": CAppNoOpt, "MutFlat": CMutFlat, "MutNoOpt": CMutNoOpt, "FinalOpt": CFinalOpt}


def _to_c(ctype, value, keep):
    """The Python sample as C memory of ctype; keep collects buffers that must outlive the write."""
    if ctype is ct.c_char_p:
        return None if value is None else value.encode()
    if issubclass(ctype, ct._Pointer):  # @optional (not a string): NULL when absent
        if value is None:
            return None
        target = ctype._type_(_to_c(ctype._type_, value, keep))
        keep.append(target)
        return ct.pointer(target)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, IdlUnion):
        out = ctype()
        disc = value.discriminator
        out._d = disc.value if isinstance(disc, enum.Enum) else disc
        name = getattr(value, "_IdlUnion__active") or type(value).__idl_default__[0]
        branch = dict(type(out._u)._fields_)[name]
        setattr(out._u, name, _to_c(branch, value.value, keep))
        return out
    if isinstance(value, list):
        elem = dict(ctype._fields_)["_buffer"]._type_
        arr = (elem * max(len(value), 1))(*[_to_c(elem, v, keep) for v in value])
        keep.append(arr)
        return ctype(len(value), len(value), ct.cast(arr, ct.POINTER(elem)), False)
    if isinstance(value, IdlStruct):
        out = ctype()
        for name, ftype in ctype._fields_:
            setattr(out, name, _to_c(ftype, getattr(value, name), keep))
        return out
    return value


def _descriptor(dp, name, sample, topic_name, entities):
    """libddsc's topic descriptor for the sample's type, made from the Python topic's type information (the topic
    goes into entities: deleted in the middle of a run, it can crash the next topic's creation, see xcdr_vectors)."""
    ctype = C_TYPES[name]
    py_topic = Topic(dp, topic_name, type(sample))
    entities.append(py_topic)
    typeinfo = ct.c_void_p()
    rc = _lib.dds_get_typeinfo(py_topic._ref, ct.byref(typeinfo))
    if rc != 0:
        raise RuntimeError(f"dds_get_typeinfo: {rc}")
    desc = ct.c_void_p()
    rc = _lib.dds_create_topic_descriptor(DDS_FIND_SCOPE_LOCAL_DOMAIN, dp._ref, typeinfo, 1_000_000_000, ct.byref(desc))
    _lib.dds_free_typeinfo(typeinfo)
    if rc != 0:
        raise RuntimeError(f"dds_create_topic_descriptor: {rc}")
    m_size = ct.cast(desc, ct.POINTER(ct.c_uint32)).contents.value
    if m_size != ct.sizeof(ctype):
        raise RuntimeError(f"C layout of {name} is {ct.sizeof(ctype)} bytes, libddsc says {m_size}")
    return py_topic, desc


def big_endian_body(dp, name, sample, xcdr1, topic_name, entities):
    """The sample serialized big-endian by libddsc's dds_stream_write_sampleBE (no encapsulation header):
    what a libddsc on a big-endian host would send. Call only for what libddsc writes (see above)."""
    _, desc = _descriptor(dp, name, sample, topic_name, entities)
    cdesc = ct.create_string_buffer(_SCRATCH)
    _lib.dds_cdrstream_desc_from_topic_desc(cdesc, desc)
    keep = []
    c_sample = _to_c(C_TYPES[name], sample, keep)
    os = ct.create_string_buffer(_SCRATCH)
    _lib.dds_ostream_init(os, ct.byref(_ALLOCATOR), 0, 1 if xcdr1 else 2)
    try:
        if not _lib.dds_stream_write_sampleBE(os, ct.byref(_ALLOCATOR), ct.byref(c_sample), cdesc):
            raise RuntimeError("dds_stream_write_sampleBE failed")
        buffer = ct.cast(os, ct.POINTER(ct.c_void_p)).contents.value
        index = ct.c_uint32.from_buffer(os, _OSTREAM_INDEX_OFFSET).value
        return ct.string_at(buffer, index)
    finally:
        _lib.dds_ostream_fini(os, ct.byref(_ALLOCATOR))
        _lib.dds_cdrstream_desc_fini(cdesc, ct.byref(_ALLOCATOR))
        _lib.dds_delete_topic_descriptor(desc)


def write_with_libddsc(dp, c_dp, name, sample, xcdr1, topic_name, entities):
    """The raw data a Python reader in dp receives from libddsc's C writer in c_dp (XCDR1 or XCDR2).

    The C topic is in a participant of its own: next to a Python topic of the same name, dds_create_topic
    of a keyed type fails with INCONSISTENT_POLICY."""
    py_topic, desc = _descriptor(dp, name, sample, topic_name, entities)
    c_topic = _lib.dds_create_topic(c_dp._ref, desc, topic_name.encode(), None, None)
    if c_topic < 0:
        raise RuntimeError(f"dds_create_topic: {c_topic}")
    qos = _lib.dds_create_qos()
    _lib.dds_qset_data_representation(qos, 1, (ct.c_int16 * 1)(0 if xcdr1 else 2))
    _lib.dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, 1_000_000_000)
    rep = Policy.DataRepresentation(use_cdrv0_representation=xcdr1, use_xcdrv2_representation=not xcdr1)
    reader = DataReader(dp, py_topic, qos=Qos(Policy.Reliability.Reliable(max_blocking_time=1_000_000_000), rep))
    entities.append(reader)
    writer = _lib.dds_create_writer(c_dp._ref, c_topic, qos, None)
    _lib.dds_delete_qos(qos)
    if writer < 0:
        raise RuntimeError(f"dds_create_writer: {writer}")
    keep = []
    c_sample = _to_c(C_TYPES[name], sample, keep)
    rc = _lib.dds_write(writer, ct.byref(c_sample))
    _lib.dds_delete_topic_descriptor(desc)
    if rc != 0:
        raise RuntimeError(f"dds_write returned {rc}" + (" (BAD_PARAMETER)" if rc == -3 else ""))
    return take_raw(reader)
