{{- /* spark-view: a table of the dataset as a Spark SQL temporary view over
its folder (.Name and .Columns quoted for Spark, .Path a Spark literal). */ -}}
CREATE OR REPLACE TEMPORARY VIEW {{.Name}} (
  {{.Columns}}
) USING parquet OPTIONS (path {{.Path}});
