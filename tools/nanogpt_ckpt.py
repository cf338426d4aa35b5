"""nanoGPT checkpoints and meta.pkl files, read and written without PyTorch.

A checkpoint saved by torch.save (PyTorch 1.6 and later) is a zip archive
with one top-level folder holding:

    data.pkl     a pickle of the saved object; every tensor in it is a call
                 torch._utils._rebuild_tensor_v2(storage, offset, size,
                 stride, requires_grad, hooks), and every storage a
                 persistent id ('storage', torch.FloatStorage, key, device,
                 numel) naming the entry data/<key>
    data/<key>   the storage's raw bytes, little-endian
    version      the archive format, "3"
    byteorder    "little"

Reading: a restricted Unpickler that knows the handful of globals a
checkpoint needs (the tensor rebuild, the storage types, OrderedDict) and
refuses every other one, so loading a file never runs code the file names.
Tensors come back as numpy arrays. meta.pkl (nanoGPT's vocabulary:
stoi, itos, vocab_size) is a plain pickle of dicts and strings: it is read
with an Unpickler that allows no global at all.

Writing: a small pickle writer of our own (protocol 2 opcodes) for the
few kinds of values a checkpoint holds, and a zip of stored entries whose
data start on 64-byte boundaries, as torch.save writes them.

Every problem raises CheckpointError with a one-line message naming the key,
the shape or the entry; the command-line tools print it and exit 2.
"""

import collections
import io
import pickle
import struct
import sys
import zipfile

try:
    import numpy as np
except ImportError:   # the tools say so in one line: require_numpy
    np = None


def fail(prog, msg):
    """The tools' way out: one line on stderr, exit status 2."""
    print("%s: %s" % (prog, msg), file=sys.stderr)
    sys.exit(2)


def require_numpy(prog):
    if np is None:
        fail(prog, "needs numpy (Debian, Ubuntu: apt-get install python3-numpy; "
                   "elsewhere: pip install numpy)")


class CheckpointError(ValueError):
    """A checkpoint or meta.pkl that cannot be read or mapped."""


# ---------------------------------------------------------------- reading

# The storage types torch writes, and numpy's little-endian form of each.
STORAGE_DTYPES = {
    "FloatStorage": "<f4",
    "DoubleStorage": "<f8",
    "HalfStorage": "<f2",
    "BFloat16Storage": "<u2",   # widened to float32 below
    "LongStorage": "<i8",
    "IntStorage": "<i4",
    "ShortStorage": "<i2",
    "CharStorage": "i1",
    "ByteStorage": "u1",
    "BoolStorage": "?",
}


class _StorageType:
    """Stands for torch.XStorage while unpickling: it only names a dtype."""

    def __init__(self, name):
        self.name = name


def _bf16_to_f32(raw):
    return (raw.astype(np.uint32) << 16).view(np.float32)


def _rebuild_tensor(storage, offset, size, stride, *_rest):
    """torch._utils._rebuild_tensor_v2 for numpy: a copy of the view, after
    checking that the view stays inside its storage."""
    size, stride = tuple(int(s) for s in size), tuple(int(s) for s in stride)
    if len(size) != len(stride) or any(s < 0 for s in size + stride) or offset < 0:
        raise CheckpointError("a tensor has size %s, stride %s, offset %s"
                              % (size, stride, offset))
    n = int(np.prod(size)) if size else 1
    if n == 0:
        return np.zeros(size, dtype=storage.dtype)
    last = offset + sum((a - 1) * b for a, b in zip(size, stride))
    if last >= storage.size:
        raise CheckpointError("a tensor of size %s reaches element %d of a "
                              "storage of %d" % (size, last, storage.size))
    view = np.lib.stride_tricks.as_strided(
        storage[offset:], shape=size,
        strides=tuple(s * storage.itemsize for s in stride), writeable=False)
    out = np.array(view)
    if getattr(storage, "_bf16", False):
        out = _bf16_to_f32(out)
    return out


def _rebuild_parameter(data, *_rest):
    return data


if np is not None:
    class _Bf16(np.ndarray):
        """A bfloat16 storage's raw bits, marked so tensors widen them."""
        _bf16 = True


class _CheckpointUnpickler(pickle.Unpickler):
    """Knows only what a checkpoint needs; refuses any other global."""

    GLOBALS = {
        ("torch._utils", "_rebuild_tensor_v2"): _rebuild_tensor,
        ("torch._utils", "_rebuild_parameter"): _rebuild_parameter,
        ("collections", "OrderedDict"): collections.OrderedDict,
    }

    def __init__(self, data, read_storage):
        super().__init__(io.BytesIO(data))
        self._read_storage = read_storage

    def find_class(self, module, name):
        if (module, name) in self.GLOBALS:
            return self.GLOBALS[(module, name)]
        if module == "torch" and name in STORAGE_DTYPES:
            return _StorageType(name)
        raise CheckpointError("data.pkl refers to %s.%s, which no checkpoint "
                              "needs: refused (the file may be unsafe)"
                              % (module, name))

    def persistent_load(self, pid):
        if (not isinstance(pid, tuple) or len(pid) != 5 or pid[0] != "storage"
                or not isinstance(pid[1], _StorageType)):
            raise CheckpointError("data.pkl has a persistent id %r that is "
                                  "not a storage" % (pid[:2],))
        _, stype, key, _device, numel = pid
        return self._read_storage(stype.name, str(key), int(numel))


class _NoGlobalsUnpickler(pickle.Unpickler):
    """For meta.pkl: dicts, strings and numbers only."""

    def find_class(self, module, name):
        raise CheckpointError("meta.pkl refers to %s.%s; a vocabulary needs "
                              "no code: refused" % (module, name))

    def persistent_load(self, pid):
        raise CheckpointError("meta.pkl holds a persistent id: refused")


def _archive_prefix(names):
    """The one top-level folder holding data.pkl."""
    tops = [n[:-len("data.pkl")] for n in names if n.endswith("/data.pkl")
            and n.count("/") == 1]
    if len(tops) != 1:
        raise CheckpointError("no single <folder>/data.pkl in the archive: "
                              "not a torch.save checkpoint")
    return tops[0]


def load_checkpoint(path):
    """The object torch.save wrote, tensors as numpy arrays."""
    try:
        zf = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise CheckpointError("no such file")
    except (zipfile.BadZipFile, OSError) as e:
        raise CheckpointError("not a readable zip archive (%s): a truncated "
                              "file, or a checkpoint from PyTorch older than "
                              "1.6" % e)
    with zf:
        prefix = _archive_prefix(zf.namelist())
        storages = {}

        def read_storage(type_name, key, numel):
            if key not in storages:
                entry = prefix + "data/" + key
                try:
                    raw = zf.read(entry)
                except KeyError:
                    raise CheckpointError("storage %s: no entry %s" % (key, entry))
                dtype = np.dtype(STORAGE_DTYPES[type_name])
                if len(raw) != numel * dtype.itemsize:
                    raise CheckpointError("storage %s holds %d bytes, %d %s "
                                          "need %d" % (key, len(raw), numel,
                                                       type_name,
                                                       numel * dtype.itemsize))
                arr = np.frombuffer(raw, dtype=dtype)
                if type_name == "BFloat16Storage":
                    arr = arr.view(_Bf16)
                storages[key] = arr
            return storages[key]

        try:
            data = zf.read(prefix + "data.pkl")
            byteorder = (zf.read(prefix + "byteorder").strip()
                         if prefix + "byteorder" in zf.namelist() else b"little")
        except (zipfile.BadZipFile, OSError, EOFError) as e:
            raise CheckpointError("damaged archive: %s" % e)
        if byteorder != b"little":
            raise CheckpointError("storages are %s-endian; only little-endian "
                                  "checkpoints are read" % byteorder.decode(errors="replace"))
        try:
            return _CheckpointUnpickler(data, read_storage).load()
        except CheckpointError:
            raise
        except (zipfile.BadZipFile, OSError, EOFError) as e:
            raise CheckpointError("damaged archive: %s" % e)
        except Exception as e:   # a malformed pickle: any error of its opcodes
            raise CheckpointError("data.pkl is not a readable pickle (%s: %s)"
                                  % (type(e).__name__, e))


def load_meta(path):
    """meta.pkl's dict, read with no globals allowed."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise CheckpointError("cannot read it (%s)" % e.strerror)
    try:
        meta = _NoGlobalsUnpickler(io.BytesIO(data)).load()
    except CheckpointError:
        raise
    except Exception as e:
        raise CheckpointError("not a readable pickle (%s: %s)"
                              % (type(e).__name__, e))
    if not isinstance(meta, dict):
        raise CheckpointError("holds a %s, not a dict with stoi and itos"
                              % type(meta).__name__)
    return meta


# ---------------------------------------------------------------- writing

class Tensor:
    """A float32 tensor to write; `key` names its storage (tensors that share
    a key, like a tied output layer, share one storage)."""

    def __init__(self, array, key):
        self.array = np.ascontiguousarray(array, dtype="<f4")
        self.key = str(key)


class _PickleWriter:
    """Protocol 2 opcodes for None, bool, int, float, str, tuple, list,
    dict, OrderedDict and Tensor: all a checkpoint holds."""

    def __init__(self):
        self.out = io.BytesIO()

    def op(self, b):
        self.out.write(b)

    def global_(self, module, name):
        self.op(b"c" + module.encode() + b"\n" + name.encode() + b"\n")

    def value(self, v):
        if v is None:
            self.op(b"N")
        elif v is True or v is False:
            self.op(b"\x88" if v else b"\x89")
        elif isinstance(v, int):
            self._int(v)
        elif isinstance(v, float):
            self.op(b"G" + struct.pack(">d", v))
        elif isinstance(v, str):
            b = v.encode("utf-8")
            self.op(b"X" + struct.pack("<I", len(b)) + b)
        elif isinstance(v, tuple):
            self.op(b"(")
            for x in v:
                self.value(x)
            self.op(b"t")
        elif isinstance(v, list):
            self.op(b"]")
            self._items(v, b"e")
        elif isinstance(v, collections.OrderedDict):
            self.global_("collections", "OrderedDict")
            self.op(b")R")
            self._pairs(v)
        elif isinstance(v, dict):
            self.op(b"}")
            self._pairs(v)
        elif isinstance(v, Tensor):
            self._tensor(v)
        else:
            raise TypeError("cannot write a %s" % type(v).__name__)

    def _int(self, v):
        if 0 <= v < 256:
            self.op(b"K" + bytes([v]))
        elif -2**31 <= v < 2**31:
            self.op(b"J" + struct.pack("<i", v))
        else:
            b = v.to_bytes((v.bit_length() + 8) // 8, "little", signed=True)
            self.op(b"\x8a" + bytes([len(b)]) + b)

    def _items(self, items, end):
        if items:
            self.op(b"(")
            for x in items:
                self.value(x)
            self.op(end)

    def _pairs(self, d):
        if d:
            self.op(b"(")
            for k, x in d.items():
                self.value(k)
                self.value(x)
            self.op(b"u")

    def _tensor(self, t):
        a = t.array
        stride, acc = [], 1
        for s in reversed(a.shape):
            stride.insert(0, acc)
            acc *= s
        self.global_("torch._utils", "_rebuild_tensor_v2")
        self.op(b"(")
        self.op(b"(")     # the persistent id
        self.value("storage")
        self.global_("torch", "FloatStorage")
        self.value(t.key)
        self.value("cpu")
        self.value(int(a.size))
        self.op(b"tQ")
        self.value(0)
        self.value(tuple(int(s) for s in a.shape))
        self.value(tuple(stride))
        self.value(False)
        self.value(collections.OrderedDict())
        self.op(b"tR")

    def dumps(self, obj):
        self.op(b"\x80\x02")
        self.value(obj)
        self.op(b".")
        return self.out.getvalue()


def _storages(obj, found):
    """Every Tensor inside obj, one per storage key, in the order met."""
    if isinstance(obj, Tensor):
        old = found.setdefault(obj.key, obj)
        if old is not obj and not (old.array.shape == obj.array.shape
                                   and np.array_equal(old.array, obj.array)):
            raise ValueError("two tensors share storage %s but differ" % obj.key)
    elif isinstance(obj, dict):
        for v in obj.values():
            _storages(v, found)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            _storages(v, found)
    return found


ALIGN = 64            # torch.save starts every entry's data on this boundary
_LOCAL_HEADER = 30    # bytes of a zip local file header before its name


def _zip_entry(zf, name, data):
    """A stored entry whose data start on an ALIGN-byte boundary: the local
    header's extra field (id 'FB', as torch writes) pads to it."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_STORED
    start = zf.fp.tell() + _LOCAL_HEADER + len(name.encode())
    pad = (-(start + 4)) % ALIGN
    info.extra = b"FB" + struct.pack("<H", pad) + bytes(pad)
    zf.writestr(info, data)


def save_checkpoint(obj, fileobj, archive="archive"):
    """Write obj (dicts of Tensor, numbers, strings) as torch.save would."""
    pkl = _PickleWriter().dumps(obj)
    with zipfile.ZipFile(fileobj, "w", zipfile.ZIP_STORED) as zf:
        _zip_entry(zf, archive + "/data.pkl", pkl)
        _zip_entry(zf, archive + "/byteorder", b"little")
        for key, t in _storages(obj, {}).items():
            _zip_entry(zf, archive + "/data/" + key, t.array.tobytes())
        _zip_entry(zf, archive + "/version", b"3\n")


# ---------------------------------------------------------------- the map

# nanoGPT's state_dict keys and tangscope's tensors (tools/tsmodel.py's
# names), one block's keys with {l} for the block. A bias=False model has
# none of the keys marked bias, and tangscope holds zeros there.
GLOBAL_KEYS = [
    ("transformer.wte.weight", "wte", False),
    ("transformer.wpe.weight", "wpe", False),
    ("transformer.ln_f.weight", "lnf_w", False),
    ("transformer.ln_f.bias", "lnf_b", True),
]
BLOCK_KEYS = [
    ("transformer.h.{l}.ln_1.weight", "ln1_w", False),
    ("transformer.h.{l}.ln_1.bias", "ln1_b", True),
    ("transformer.h.{l}.attn.c_attn.weight", "qkv_w", False),
    ("transformer.h.{l}.attn.c_attn.bias", "qkv_b", True),
    ("transformer.h.{l}.attn.c_proj.weight", "attproj_w", False),
    ("transformer.h.{l}.attn.c_proj.bias", "attproj_b", True),
    ("transformer.h.{l}.ln_2.weight", "ln2_w", False),
    ("transformer.h.{l}.ln_2.bias", "ln2_b", True),
    ("transformer.h.{l}.mlp.c_fc.weight", "fc_w", False),
    ("transformer.h.{l}.mlp.c_fc.bias", "fc_b", True),
    ("transformer.h.{l}.mlp.c_proj.weight", "fcproj_w", False),
    ("transformer.h.{l}.mlp.c_proj.bias", "fcproj_b", True),
]
LM_HEAD = "lm_head.weight"     # tied: the same numbers as wte
COMPILED_PREFIX = "_orig_mod."  # what torch.compile puts before every key
# Top-level checkpoint keys tangscope's export adds, which nanoGPT ignores:
# the GELU form and the LayerNorm epsilon, so an import gives back the file.
GELU_KEY = "tangscope_gelu"
EPS_KEY = "tangscope_ln_eps"
