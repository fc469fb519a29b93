"""The GPX scenes with gpxpy: parsing a file, and the statistics of a parsed one.

`parse` times `gpxpy.parse` of the open file, reading included (Touchline's scene times
`RouteReader.read(contentsOf:)`). `statistics` times the figures gpxpy offers for what
Touchline's `RouteStatisticsCalculator` computes in one pass: 2-D and 3-D length, smoothed
climb and descent, moving time and speeds, duration and elevation extremes; the file is
parsed once, untimed.
"""

import gpxpy


class ParsePeer:
    def __init__(self, path):
        self.path = path

    def render(self):
        with open(self.path, encoding="utf-8") as file:
            gpxpy.parse(file)
        return 0


class StatisticsPeer:
    def __init__(self, path):
        with open(path, encoding="utf-8") as file:
            self.gpx = gpxpy.parse(file)

    def render(self):
        gpx = self.gpx
        gpx.length_2d()
        gpx.length_3d()
        gpx.get_uphill_downhill()
        gpx.get_moving_data()
        gpx.get_duration()
        gpx.get_elevation_extremes()
        return 0
