"""Package list for setuptools (everything else is in pyproject.toml).

The repository keeps the project's folders (``agents/``, ``experiments/``) but installs
them under distinct import names, so nothing generic lands in ``site-packages``:
``agents`` -> ``skagway_agents`` and ``experiments`` -> ``skagway_experiments``.
"""

from setuptools import find_packages, setup

RENAMED = {"agents": "skagway_agents", "experiments": "skagway_experiments"}

packages = find_packages(include=["skagway_env", "skagway_env.*"])
for folder, name in RENAMED.items():
    packages += [name + sub[len(folder):]
                 for sub in find_packages(include=[folder, f"{folder}.*"])]

setup(packages=packages, package_dir={name: folder for folder, name in RENAMED.items()})
