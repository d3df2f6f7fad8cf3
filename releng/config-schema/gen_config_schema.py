#!/usr/bin/env python3
"""Generates DDS Tuner's Cyclone DDS option catalogue (one JSON file per library version) from Cyclone's
own sources: the element table src/core/ddsi/.../ddsi_cfgelems.h (names, nesting, defaults, units, ranges,
deprecated and moved names) and docs/manual/options.md (the plain-text help generated from that table).

Usage: gen_config_schema.py CYCLONEDDS_GIT_DIR TAG OUT.json
  e.g. gen_config_schema.py /work/.mirror/eclipse-cyclonedds+cyclonedds/repo 0.10.2 cyclonedds-0.10.2.json
Cyclone DDS is licensed EPL-2.0 OR BSD-3-Clause; the output keeps its texts verbatim and says so.
"""
import html, json, re, subprocess, sys

CFG_PATHS = ["src/core/ddsi/src/ddsi__cfgelems.h", "src/core/ddsi/include/dds/ddsi/ddsi_cfgelems.h"]

def git_show(repo, tag, path):
    return subprocess.run(["git", "-C", repo, "show", f"{tag}:{path}"], capture_output=True, text=True)

def strip_comments(src):
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if c == '"':
            j = i + 1
            while src[j] != '"':
                j += 2 if src[j] == '\\' else 1
            out.append(src[i:j + 1]); i = j + 1
        elif src.startswith("/*", i):
            j = src.index("*/", i + 2); out.append(" " * 0 + "\n" * src.count("\n", i, j)); i = j + 2
        elif src.startswith("//", i):
            j = src.find("\n", i); i = n if j < 0 else j
        else:
            out.append(c); i += 1
    return "".join(out)

def conditions(src):
    """Per line: the feature macros the line is inside (#if/#ifdef FLAG)."""
    stack, per_line = [], []
    for line in src.split("\n"):
        s = line.strip()
        m = re.match(r"#\s*(ifdef|if)\s+(\w+)", s)
        if m:
            stack.append(m.group(2)); per_line.append(list(stack)); continue
        if re.match(r"#\s*ifndef", s):
            stack.append(None); per_line.append(list(stack)); continue
        if re.match(r"#\s*endif", s):
            per_line.append(list(stack)); stack.pop(); continue
        per_line.append(list(stack))
    return per_line

TOKEN = re.compile(r'(?:\s|#[^\n]*)*(?:(?P<str>"(?:\\.|[^"\\])*")|(?P<id>[A-Za-z_][\w.]*|-?\d+)|(?P<p>[(),{}=\[\];|&*]))')

def tokenize(text, base_line_of):
    toks, pos = [], 0
    while True:
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            break
        line = base_line_of(m.start(m.lastgroup))
        if m.group("str") is not None:
            s = bytes(m.group("str")[1:-1], "utf-8").decode("unicode_escape")
            if toks and toks[-1][0] == "str":
                toks[-1] = ("str", toks[-1][1] + s, toks[-1][2])
            else:
                toks.append(("str", s, line))
        elif m.group("id") is not None:
            toks.append(("id", m.group("id"), line))
        else:
            toks.append(("p", m.group("p"), line))
        pos = m.end()
    return toks

def parse_args(toks, i):
    """toks[i] is '('; returns (args, index after ')'). An arg is a str, an id, or (callname, args)."""
    args, cur = [], []
    i += 1
    while True:
        kind, val, _ = toks[i]
        if kind == "p" and val == ")":
            if cur: args.append(cur[0] if len(cur) == 1 else cur)
            return args, i + 1
        if kind == "p" and val == ",":
            args.append(cur[0] if len(cur) == 1 else cur); cur = []; i += 1; continue
        if kind == "id" and i + 1 < len(toks) and toks[i + 1][1] == "(":
            sub, i = parse_args(toks, i + 1)
            cur.append((val, sub)); continue
        cur.append(val); i += 1

def tables(src):
    clean = strip_comments(src)
    conds = conditions(clean)
    starts = [0]
    for k, ch in enumerate(clean):
        if ch == "\n": starts.append(k + 1)
    import bisect
    line_of = lambda off: bisect.bisect_right(starts, off) - 1
    result = {}
    for m in re.finditer(r"static\s+struct\s+cfgelem\s+(\w+)\s*\[\]\s*=\s*\{", clean):
        body_start = m.end()
        end = clean.index("};", body_start)
        body = clean[body_start:end]
        toks = tokenize(body, lambda off, b=body_start: line_of(b + off))
        entries, i = [], 0
        while i < len(toks):
            kind, val, line = toks[i]
            if kind == "id" and i + 1 < len(toks) and toks[i + 1][1] == "(":
                args, i = parse_args(toks, i + 1)
                flags = [f for f in conds[line] if f and f.startswith("DDS_HAS")]
                entries.append((val, args, flags))
            else:
                i += 1
        result[m.group(1)] = entries
    return result

def opt(args, name):
    for a in args:
        if isinstance(a, tuple) and a[0] == name:
            return a[1]
    return None

# features no Cyclone release builds (its options.md leaves them out too)
NOT_BUILT = {"DDS_HAS_NETWORK_CHANNELS", "DDS_HAS_BANDWIDTH_LIMITING"}
INT32 = (-2147483648, 2147483647)
RANGES = {  # ranges implied by Cyclone's unmarshalling function (uf_*) when the table gives no RANGE
    "uf_natint": ("0", "2147483647"), "uf_natint_255": ("0", "255"), "uf_uint": ("0", "4294967295"),
    "uf_pos_uint": ("1", "4294967295"), "uf_int": (str(INT32[0]), str(INT32[1])),
    "uf_int32": (str(INT32[0]), str(INT32[1])), "uf_maybe_int32": (str(INT32[0]), str(INT32[1])),
    "uf_memsize": ("0 B", "4294967295 B"), "uf_maybe_memsize": ("0 B", "4294967295 B"),
    "uf_memsize16": ("0 B", "65535 B"), "uf_duration_ms_1hr": ("0 s", "1 hr"),
    "uf_maybe_duration_ms_1hr": ("0 s", "1 hr"), "uf_nop_duration_ms_1hr": ("0 s", "1 hr"),
    "uf_duration_ms_1s": ("0 s", "1 s"), "uf_duration_us_1s": ("0 s", "1 s"),
    "uf_duration_100ms_1hr": ("100 ms", "1 hr"), "uf_duration_inf": ("0 s", "inf"),
    "uf_maybe_duration_inf": ("0 s", "inf"), "uf_dyn_port": ("-1", "65535"),
}

def html_text(s):
    s = re.sub(r"<li>", "- ", s)
    s = re.sub(r"</p>|</li>|<br\s*/?>", "\n", s)
    s = re.sub(r"<[^>]+>", "", s)
    s = html.unescape(s)
    return "\n".join(re.sub(r"\s+", " ", l).strip() for l in s.split("\n") if l.strip())

def walk(tabs, entries, path, out, inherited_flags):
    for kind, args, flags in entries:
        if kind in ("END_MARKER", "NOP", "WILDCARD"):
            continue
        if NOT_BUILT.intersection(flags):
            continue
        name_arg = args[0]
        deprecated = isinstance(name_arg, tuple) and name_arg[0] == "DEPRECATED"
        name = name_arg[1][0] if deprecated else name_arg
        names = name.split("|")
        fl = sorted(set(inherited_flags + flags + ([opt(args, "BEHIND_FLAG")[0]] if opt(args, "BEHIND_FLAG") else [])))
        is_attr = path.endswith("#attr")
        base = path[:-5] if is_attr else path
        full = f"{base}[@{names[0]}]" if is_attr else f"{base}/{names[0]}"
        rec = {"path": full, "kind": "attribute" if is_attr else ("group" if kind == "GROUP" else "element"),
               "aliases": names[1:], "flags": fl}
        if kind == "MOVED":
            rec.update(kind="moved", movedTo=args[1])
            out.append(rec); continue
        if deprecated:
            rec["deprecated"] = True
        if kind == "GROUP":
            children, attrs, mult = args[1], args[2], args[3]
            rec["multiplicity"] = mult
            desc = opt(args, "DESCRIPTION")
            rec["html"] = desc[0] if desc else ""
            out.append(rec)
            if attrs != "NULL": walk(tabs, tabs[attrs], full + "#attr", out, fl)
            if children != "NULL": walk(tabs, tabs[children], full, out, fl)
            continue
        attrs, mult, default = args[1], args[2], args[3]
        rec.update(multiplicity=mult, default=None if default == "NULL" else default, type=kind.lower())
        fn = opt(args, "FUNCTIONS")
        uf = fn[1] if fn else None
        rec["parser"] = uf
        unit = opt(args, "UNIT")
        if unit: rec["unit"] = unit[0]
        rng = opt(args, "RANGE")
        if rng:
            lo, hi = rng[0].split(";"); rec["range"] = {"min": lo, "max": hi}
        elif uf in RANGES:
            rec["range"] = {"min": RANGES[uf][0], "max": RANGES[uf][1]}
        vals = opt(args, "VALUES")
        if vals: rec["values"] = vals
        desc = opt(args, "DESCRIPTION")
        rec["html"] = desc[0] if desc else ""
        out.append(rec)
        if attrs != "NULL": walk(tabs, tabs[attrs], full + "#attr", out, fl)

def options_md(text):
    """path -> (type line, help paragraphs, default) from options.md."""
    res = {}
    for sec in re.split(r"\n(?=#+ //CycloneDDS)", text):
        m = re.match(r"#+ //(\S+)\n(.*)", sec, re.S)
        if not m: continue
        body = [p.strip() for p in m.group(2).strip().split("\n\n") if p.strip()]
        body = [p for p in body if not p.startswith("<!--")]
        typ = None
        if body and re.match(r"(Boolean|Text|Integer|Number-with-unit|One of:|Comma-separated list of:?)", body[0]):
            typ = body[0]; body = body[1:]
        default, units, helps = None, None, []
        for p in body:
            d = re.match(r"The default value is: (?:`(.*)`|\"(.*)\"\.?)$", p, re.S)
            if d: default = d.group(1) if d.group(1) is not None else d.group(2); continue
            if p.startswith(("Children:", "Attributes:")):
                if "\n" in p: p = "\n".join(l for l in p.split("\n") if not l.startswith(("Children:", "Attributes:")))
                else: continue
            if "Recognised units:" in p: units = p
            helps.append(p)
        res[m.group(1)] = {"typeLine": typ, "help": "\n\n".join(helps), "default": default, "units": units}
    return res

def main():
    repo, tag, out_file = sys.argv[1:4]
    src = None
    for p in CFG_PATHS:
        r = git_show(repo, tag, p)
        if r.returncode == 0: src, src_path = r.stdout, p; break
    md = git_show(repo, tag, "docs/manual/options.md").stdout
    commit = subprocess.run(["git", "-C", repo, "rev-list", "-n1", tag], capture_output=True, text=True).stdout.strip()
    tabs = tables(src)
    out = [{"path": "CycloneDDS", "kind": "group", "multiplicity": "1", "flags": [], "aliases": [],
            "html": "CycloneDDS configuration"}]
    walk(tabs, tabs["root_cfgattrs"], "CycloneDDS#attr", out, [])
    walk(tabs, tabs["root_cfgelems"], "CycloneDDS", out, [])
    seen, unique = set(), []
    for rec in out:  # 11.x lists General/Transport twice (with and without TCP): keep the first
        if rec["path"] not in seen: seen.add(rec["path"]); unique.append(rec)
    out = unique
    docs = options_md(md)
    missing = []
    for rec in out:
        d = docs.get(rec["path"])
        if d:
            rec["typeLine"] = d["typeLine"]; rec["help"] = d["help"].strip()
            if d["default"] is not None and rec.get("default") is None: rec["default"] = d["default"]
            if d["units"]: rec["unitsHelp"] = d["units"]
        else:
            if rec["kind"] != "moved" and not rec.get("deprecated"): missing.append(rec["path"])
            rec["help"] = html_text(rec.get("html", ""))
        rec.pop("html", None)
    documented = [r["path"] for r in out if r["kind"] != "moved" and not r.get("deprecated")]
    not_in_table = sorted(set(docs) - set(r["path"] for r in out))
    if missing or not_in_table:
        print("in the table but not in options.md:", missing, file=sys.stderr)
        print("in options.md but not in the table:", not_in_table, file=sys.stderr)
    doc = {
        "library": "Eclipse Cyclone DDS", "version": tag, "commit": commit,
        "source": f"https://github.com/eclipse-cyclonedds/cyclonedds/tree/{tag}: {src_path} and docs/manual/options.md",
        "license": "EPL-2.0 OR BSD-3-Clause (Copyright ZettaScale Technology and others); texts kept verbatim",
        "generator": "releng/config-schema/gen_config_schema.py",
        "documentedPaths": len(documented), "entries": out,
    }
    with open(out_file, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False); f.write("\n")
    print(f"{tag}: {len(out)} entries, {len(documented)} documented paths, options.md has {len(docs)}")

main()
