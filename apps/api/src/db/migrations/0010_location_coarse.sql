-- Where a fic was written is kept only as a coarse place (issue 18.5, docs/decisions/stories.md):
-- the link with coordinates to five decimals (about a metre) becomes a point rounded to two
-- decimals (about 1 km), in columns whose scale cannot hold anything finer.
ALTER TABLE "stories" ADD COLUMN "location_lat" numeric(4, 2);--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "location_lon" numeric(5, 2);--> statement-breakpoint
-- The point of each stored link: OpenStreetMap's marker (mlat, mlon), or else its map centre
-- (#map=zoom/lat/lon), as the send dialog's links carry both. A link without a readable point, or
-- with one outside the globe, keeps no point: its coordinates, if any, go with the column below.
UPDATE "stories" SET "location_lat" = round("point"."lat", 2), "location_lon" = round("point"."lon", 2)
FROM (
	SELECT "id",
		coalesce(
			substring("location_url" from '[?&]mlat=(-?[0-9]{1,3}(?:\.[0-9]{1,20})?)(?:[&#]|$)'),
			substring("location_url" from '#map=[0-9]{1,2}/(-?[0-9]{1,3}(?:\.[0-9]{1,20})?)/-?[0-9]{1,3}(?:\.[0-9]{1,20})?$')
		)::numeric AS "lat",
		coalesce(
			substring("location_url" from '[?&]mlon=(-?[0-9]{1,3}(?:\.[0-9]{1,20})?)(?:[&#]|$)'),
			substring("location_url" from '#map=[0-9]{1,2}/-?[0-9]{1,3}(?:\.[0-9]{1,20})?/(-?[0-9]{1,3}(?:\.[0-9]{1,20})?)$')
		)::numeric AS "lon"
	FROM "stories"
	WHERE "location_url" IS NOT NULL
) AS "point"
WHERE "stories"."id" = "point"."id"
	AND "point"."lat" BETWEEN -90 AND 90
	AND "point"."lon" BETWEEN -180 AND 180;--> statement-breakpoint
ALTER TABLE "stories" DROP COLUMN "location_url";--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_location_point_check" CHECK (("stories"."location_lat" is null) = ("stories"."location_lon" is null) and "stories"."location_lat" between -90 and 90 and "stories"."location_lon" between -180 and 180);
