// The viewer's glue.
