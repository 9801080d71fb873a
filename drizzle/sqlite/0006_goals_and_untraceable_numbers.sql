CREATE TABLE `goal` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`field` text NOT NULL,
	`target` real NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `goal_user_field_unique` ON `goal` (`user_id`,`field`);--> statement-breakpoint
ALTER TABLE `message` ADD `untraceable_numbers` text;