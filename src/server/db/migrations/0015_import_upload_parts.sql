CREATE TABLE "import_upload_parts" (
	"import_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "import_upload_parts_import_id_part_pk" PRIMARY KEY("import_id","part")
);
--> statement-breakpoint
ALTER TABLE "import_upload_parts" ADD CONSTRAINT "import_upload_parts_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;