PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_idempotency_record` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`operation` text NOT NULL,
	`fingerprint` text NOT NULL,
	`is_error` integer NOT NULL,
	`outcome` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_idempotency_record`("id", "user_id", "key", "operation", "fingerprint", "is_error", "outcome", "created_at") SELECT "id", "user_id", "key", "operation", "fingerprint", "is_error", "outcome", "created_at" FROM `idempotency_record`;--> statement-breakpoint
DROP TABLE `idempotency_record`;--> statement-breakpoint
ALTER TABLE `__new_idempotency_record` RENAME TO `idempotency_record`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `idempotency_user_key_unique` ON `idempotency_record` (`user_id`,`key`);--> statement-breakpoint
CREATE TABLE `__new_measurement` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`weight_kg` real,
	`body_fat_pct` real,
	`neck_cm` real,
	`chest_cm` real,
	`waist_cm` real,
	`hips_cm` real,
	`biceps_cm` real,
	`quadriceps_cm` real,
	`calf_cm` real,
	`height_cm` real,
	`note` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "measurement_date_format" CHECK("__new_measurement"."date" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
	CONSTRAINT "measurement_weight_range" CHECK("__new_measurement"."weight_kg" IS NULL OR "__new_measurement"."weight_kg" BETWEEN 20 AND 400),
	CONSTRAINT "measurement_body_fat_range" CHECK("__new_measurement"."body_fat_pct" IS NULL OR "__new_measurement"."body_fat_pct" BETWEEN 2 AND 75),
	CONSTRAINT "measurement_height_range" CHECK("__new_measurement"."height_cm" IS NULL OR "__new_measurement"."height_cm" BETWEEN 50 AND 260)
);
--> statement-breakpoint
INSERT INTO `__new_measurement`("id", "user_id", "date", "weight_kg", "body_fat_pct", "neck_cm", "chest_cm", "waist_cm", "hips_cm", "biceps_cm", "quadriceps_cm", "calf_cm", "height_cm", "note", "created_at", "updated_at") SELECT "id", "user_id", "date", "weight_kg", "body_fat_pct", "neck_cm", "chest_cm", "waist_cm", "hips_cm", "biceps_cm", "quadriceps_cm", "calf_cm", "height_cm", "note", "created_at", "updated_at" FROM `measurement`;--> statement-breakpoint
DROP TABLE `measurement`;--> statement-breakpoint
ALTER TABLE `__new_measurement` RENAME TO `measurement`;--> statement-breakpoint
CREATE UNIQUE INDEX `measurement_user_date_unique` ON `measurement` (`user_id`,`date`);