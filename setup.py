"""Package list for setuptools (everything else is in pyproject.toml).

The repository keeps the project's folders (``agents/``, ``experiments/``) but installs
them under distinct import names, so nothing generic lands in ``site-packages``:
``agents`` -> ``skagway_agents`` and ``experiments`` -> ``skagway_experiments``.
It also lists the optional compiled modules in ``skagway_env/_speedups/``.
"""

from pathlib import Path

from setuptools import Extension, find_packages, setup

RENAMED = {"agents": "skagway_agents", "experiments": "skagway_experiments"}

packages = find_packages(include=["skagway_env", "skagway_env.*"])
for folder, name in RENAMED.items():
    packages += [name + sub[len(folder):]
                 for sub in find_packages(include=[folder, f"{folder}.*"])]

# Optional C twins of hot pure-Python functions (skagway_env/_speedups/__init__.py): one
# extension module per .c file there; a failed build leaves the pure-Python code in use.
SPEEDUPS = sorted(Path("skagway_env/_speedups").glob("*.c"))
HEADERS = [str(path) for path in sorted(Path("skagway_env/_speedups").glob("*.h"))]
ext_modules = [Extension(f"skagway_env._speedups.{path.stem}", [str(path)], optional=True,
                         depends=HEADERS, extra_compile_args=["-O2"])
               for path in SPEEDUPS]

setup(packages=packages, package_dir={name: folder for folder, name in RENAMED.items()},
      ext_modules=ext_modules)
