CREATE TABLE `mcp_tool_call` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`trace_id` text NOT NULL,
	`api_key_id` text,
	`client` text,
	`name` text NOT NULL,
	`arguments` text NOT NULL,
	`idempotency_key` text,
	`status` text NOT NULL,
	`is_error` integer NOT NULL,
	`error_code` text,
	`recovery` text,
	`outcome` text NOT NULL,
	`attempts` integer NOT NULL,
	`latency_ms` real NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mcp_tool_call_user_started_idx` ON `mcp_tool_call` (`user_id`,`started_at`);