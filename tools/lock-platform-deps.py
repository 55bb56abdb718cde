#!/usr/bin/env python3
"""Records the other platforms' optional native binaries in package-lock.json.

npm leaves them out of the lock file when it cannot fetch their metadata (npm/cli#4828; the
registry mirror of this workplace serves only the linux-x64 builds), and `npm ci` then refuses the
lock file ("Missing: @swc/core-darwin-arm64@ from lock file"). This adds, for each missing one, a
record with the version its parent pins and the os/cpu/libc its name declares, so `npm ci` installs
the matching binary on each machine and skips the others. Run it after changing dependencies:
    python3 tools/lock-platform-deps.py && npm ci --dry-run
"""
import json

OSES = {'darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'}
CPUS = {'x64', 'arm64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'}


def platform_of(name):
    tokens = name.split('/')[-1].split('-')
    os_ = next((t for t in tokens if t in OSES), None)
    cpu = next((t for t in tokens if t in CPUS), None)
    record = {}
    if cpu:
        record['cpu'] = [cpu]
    if os_ == 'linux':
        if any(t.startswith('musl') for t in tokens):
            record['libc'] = ['musl']
        elif any(t.startswith('gnu') for t in tokens):
            record['libc'] = ['glibc']
    if os_:
        record['os'] = [os_]
    return record if os_ or cpu else None


lock_path = 'package-lock.json'
lock = json.load(open(lock_path))
packages = lock['packages']
added = []
for path, meta in list(packages.items()):
    for name, wanted in (meta.get('optionalDependencies') or {}).items():
        key = f'node_modules/{name}'
        if key in packages or f'{path}/node_modules/{name}' in packages:
            continue
        platform = platform_of(name)
        if platform is None:
            continue
        record = {'version': wanted, **platform}
        if meta.get('dev'):
            record['dev'] = True
        record['optional'] = True
        packages[key] = record
        added.append(f'{name}@{wanted}')
lock['packages'] = dict(sorted(packages.items(), key=lambda kv: (kv[0] != '', kv[0])))
with open(lock_path, 'w') as f:
    json.dump(lock, f, indent=2)
    f.write('\n')
print(f'{len(added)} platform records added' + (': ' + ', '.join(added) if added else ''))
