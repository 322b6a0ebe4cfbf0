// The migrations a database has applied (Prisma's own table): what readiness and the database check
// compare with the migrations this build carries.
export const APPLIED_MIGRATIONS_SQL = `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
