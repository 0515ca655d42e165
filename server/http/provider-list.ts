/**
 * A list the provider answered, passed on in our list envelope: its page fields and records, nothing
 * else it may add.
 */
export const listOf = <T>(list: {
  total: number;
  page: number;
  pages: number;
  limit: number;
  data: T[];
}) => ({
  statusCode: 200,
  total: list.total,
  page: list.page,
  pages: list.pages,
  limit: list.limit,
  data: list.data,
});
