"""One peer scene behind a line protocol, driven by `TouchlineBench --peers PYTHON`.

    python peer.py SCENE INPUTS
    python peer.py versions

SCENE is one of SCENES below; INPUTS is the folder `TouchlineBench --write-inputs` fills (the
board's stroke document, the route scene's track, the Garmin GPX fixture). Imports and input
loading come first and are not timed. The peer then prints `ready` and answers each line it
reads on standard input:

    run    ->  ok MILLISECONDS BYTES   one timed run (perf_counter) and the size of its output
    rss    ->  rss KIBIBYTES           this process's peak resident memory
    quit   ->  exits (so does the end of the input)

`versions` prints `DISTRIBUTION VERSION` for each library timed and the ones they draw with.

A failure prints `error MESSAGE` and exits with status 1. One process serves one scene, so its
peak memory is that scene's (interpreter and imports included).
"""

import importlib.metadata
import os
import resource
import sys
import time


def board(inputs):
    import json

    from board_peer import BoardPeer

    with open(os.path.join(inputs, "board.json"), encoding="utf-8") as file:
        return BoardPeer(json.load(file))


def route_staticmap(inputs):
    from route_peers import StaticmapPeer, read_track

    return StaticmapPeer(read_track(os.path.join(inputs, "route.gpx")))


def route_py_staticmaps(inputs):
    from route_peers import PyStaticmapsPeer, read_track

    return PyStaticmapsPeer(read_track(os.path.join(inputs, "route.gpx")))


def gpx_parse(inputs):
    from gpx_peers import ParsePeer

    return ParsePeer(os.path.join(inputs, "garmin_with_extensions.gpx"))


def gpx_statistics(inputs):
    from gpx_peers import StatisticsPeer

    return StatisticsPeer(os.path.join(inputs, "garmin_with_extensions.gpx"))


# scene: (the PyPI distribution timed, how to load it)
SCENES = {
    "board": ("mplsoccer", board),
    "route-staticmap": ("staticmap", route_staticmap),
    "route-py-staticmaps": ("py-staticmaps", route_py_staticmaps),
    "gpx-parse": ("gpxpy", gpx_parse),
    "gpx-statistics": ("gpxpy", gpx_statistics),
}


# Printed by `versions` besides the timed ones: what they draw and compute with.
FOUNDATIONS = ["matplotlib", "pillow", "numpy"]


def peak_rss_kib():
    """VmHWM: the peak of this process's own memory. (ru_maxrss would also count the parent's
    memory before the exec, which a posix_spawn child inherits on Linux.)"""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def reply(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def serve(scene, inputs):
    _, load = SCENES[scene]
    peer = load(inputs)
    reply("ready")
    for line in sys.stdin:
        command = line.strip()
        if command == "run":
            start = time.perf_counter()
            output = peer.render()
            elapsed = time.perf_counter() - start
            size = output if isinstance(output, int) else len(output)
            reply(f"ok {elapsed * 1000:.6f} {size}")
        elif command == "rss":
            reply(f"rss {peak_rss_kib()}")
        elif command == "quit":
            return
        else:
            reply(f"error unknown command {command!r}")


def versions():
    libraries = dict.fromkeys([library for library, _ in SCENES.values()] + FOUNDATIONS)
    for library in libraries:
        print(library, importlib.metadata.version(library))


def main(arguments):
    if arguments == ["versions"]:
        versions()
        return 0
    if len(arguments) != 2 or arguments[0] not in SCENES:
        print(f"usage: python peer.py {'|'.join(SCENES)} INPUTS\n       python peer.py versions",
              file=sys.stderr)
        return 64
    try:
        serve(*arguments)
    except Exception as error:  # reported to the bench, which stops with the message
        reply(f"error {type(error).__name__}: {error}".replace("\n", " "))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
