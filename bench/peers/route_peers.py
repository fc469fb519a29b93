"""The route-image scene with staticmap and py-staticmaps: a 5,000-point track as a line on a
600 x 400 PNG, as Touchline's `route: 5,000-point track, 600x400 PNG` draws it.

Touchline's scene draws no map tiles: a plain background (#F2EFE9), the track cased in white
(4 px blue line, 7.5 px white casing), green start and red finish markers, and a scale bar.
So the peers draw no tiles either, in each library's own way, and pay nothing for them:
py-staticmaps has a "none" tile provider, and staticmap, which always asks for tiles, gets a
base layer that draws nothing (its background colour stays). Both have their own line and
marker styles; the casing is a wider white line under the route, and neither draws a scale bar.
Both pick a whole-number zoom, so the track fills less of the frame than Touchline's
fractional fit.

The track is read once with gpxpy (untimed, as Touchline's scene builds its document untimed);
each timed run builds the map, renders it and encodes the PNG into memory.
"""

import io

import gpxpy

SIZE = (600, 400)
PADDING = 24
BACKGROUND = "#F2EFE9"  # Touchline's RouteMapStyle.standard
ROUTE, CASING = "#1E5BD6", "#FFFFFF"
START, FINISH = "#2E9D3A", "#D32F2F"


def read_track(path):
    """The (longitude, latitude) of every track point of the GPX file at `path`."""
    with open(path, encoding="utf-8") as file:
        gpx = gpxpy.parse(file)
    return [(p.longitude, p.latitude) for track in gpx.tracks for segment in track.segments
            for p in segment.points]


class StaticmapPeer:
    """staticmap (Pillow): lines and circle markers, no tiles."""

    def __init__(self, coordinates):
        import staticmap

        class Untiled(staticmap.StaticMap):
            def _draw_base_layer(self, image):
                pass  # no tiles: the background colour shows, as in Touchline's scene

        self.staticmap = staticmap
        self.map_class = Untiled
        self.coordinates = coordinates

    def render(self):
        s = self.staticmap
        figure = self.map_class(SIZE[0], SIZE[1], padding_x=PADDING, padding_y=PADDING,
                                background_color=BACKGROUND)
        figure.add_line(s.Line(self.coordinates, CASING, 8))
        figure.add_line(s.Line(self.coordinates, ROUTE, 4))
        figure.add_marker(s.CircleMarker(self.coordinates[0], START, 16))
        figure.add_marker(s.CircleMarker(self.coordinates[-1], FINISH, 16))
        buffer = io.BytesIO()
        figure.render().save(buffer, format="PNG")
        return buffer.getvalue()


class PyStaticmapsPeer:
    """py-staticmaps (Pillow renderer): the "none" tile provider, lines and pin markers."""

    def __init__(self, coordinates):
        import staticmaps

        self.staticmaps = staticmaps
        # Its own model of the track, made once like Touchline's RouteDocument.
        self.latlngs = [staticmaps.create_latlng(lat, lon) for lon, lat in coordinates]

    def render(self):
        s = self.staticmaps
        context = s.Context()
        context.set_tile_provider(s.tile_provider_None)
        context.set_background_color(s.parse_color(BACKGROUND))
        context.add_object(s.Line(self.latlngs, color=s.parse_color(CASING), width=8))
        context.add_object(s.Line(self.latlngs, color=s.parse_color(ROUTE), width=4))
        context.add_object(s.Marker(self.latlngs[0], color=s.parse_color(START), size=8))
        context.add_object(s.Marker(self.latlngs[-1], color=s.parse_color(FINISH), size=8))
        buffer = io.BytesIO()
        context.render_pillow(*SIZE).save(buffer, format="PNG")
        return buffer.getvalue()
