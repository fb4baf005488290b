import { sql, type Kysely } from 'kysely';

// An answer that is streaming belongs to the process writing it, which holds a lease on it and renews it while
// the answer runs; an answer whose lease ran out (its process crashed, was killed, or lost its database while
// saving it) is marked failed by a sweep and its message given back to the day it was counted in. So Keisha's
// bubble records who streams it (the instance: host and port or CHAT_INSTANCE_NAME, and the process: one id per
// start), until when, and the day its message was counted in. Rows written before this migration have none of
// these: they are taken for dead 15 minutes after they were written (the rule until now), with nothing to give back.
//
// chat_continue_conversations gets these as three more parameters (a new function of the same name, with the
// body of 2026112601 and the answer's four columns). The seven-parameter one is kept for processes of the
// previous version during a rolling deploy; their answers carry no lease.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('stream_instance', 'text')
    .addColumn('stream_process', 'uuid')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('charged_day', 'date')
    .execute();
  // The sweep's reads: few rows (only answers streaming now). created_at, not lease_until: renewing a lease
  // then changes no indexed column, so PostgreSQL can update the row in place.
  await sql`create index messages_streaming_idx on messages (created_at) where status = 'streaming'`.execute(db);
  await sql`
    create function chat_continue_conversations(
      p_users uuid[], p_days date[], p_limits integer[], p_sessions uuid[], p_titles text[], p_texts text[], p_history_rows integer,
      p_instance text, p_process uuid, p_lease_ms integer
    ) returns table (
      ord integer, day text, used integer, id uuid, user_id uuid, title text, created_at timestamptz, updated_at timestamptz,
      user_message_id uuid, ai_message_id uuid, history json
    ) language plpgsql volatile as $fn$
    #variable_conflict use_column
    declare
      g record;
      r record;
      v_used integer;
      v_taken jsonb := '{}'::jsonb;
      v_session chat_sessions%rowtype;
      v_user_message uuid;
      v_ai_message uuid;
      v_history json;
    begin
      for g in
        select x.u, x.d, count(*)::integer as n, min(x.l) as lim
        from unnest(p_users, p_days, p_limits) as x(u, d, l)
        group by x.u, x.d order by x.u, x.d
      loop
        v_used := null;
        -- a day's first use is an insert, which would not look at the limit
        continue when g.lim is not null and g.n > g.lim;
        insert into chat_usage_counters as c (user_id, day, used) values (g.u, g.d, g.n)
          on conflict (user_id, day) do update set used = c.used + excluded.used
          where g.lim is null or c.used + excluded.used <= g.lim
          returning c.used into v_used;
        if v_used is not null then
          v_taken := v_taken || jsonb_build_object(g.u::text || ' ' || g.d::text, v_used);
        end if;
      end loop;
      for r in
        select x.u, x.d, x.s, x.t, x.m, x.i::integer as i
        from unnest(p_users, p_days, p_sessions, p_titles, p_texts) with ordinality as x(u, d, s, t, m, i)
        order by x.i
      loop
        continue when not (v_taken ? (r.u::text || ' ' || r.d::text));
        update chat_sessions as s set updated_at = clock_timestamp(), title = coalesce(s.title, r.t)
          where s.id = r.s and s.user_id = r.u
          returning s.* into v_session;
        if not found then
          raise exception 'conversation % is not the caller''s', r.s using errcode = 'no_data_found';
        end if;
        -- a statement of its own, so a snapshot of its own: taken after the locks above
        v_history := chat_recent_history(r.s, p_history_rows);
        insert into messages as m (session_id, user_prompt, ai_response, status, created_at)
          values (r.s, r.m, null, 'complete', clock_timestamp()) returning m.id into v_user_message;
        insert into messages as m (session_id, user_prompt, ai_response, status, created_at, stream_instance, stream_process, lease_until, charged_day)
          values (r.s, null, '', 'streaming', clock_timestamp(), p_instance, p_process, clock_timestamp() + p_lease_ms * interval '1 millisecond', r.d)
          returning m.id into v_ai_message;
        ord := r.i;
        day := r.d::text;
        used := (v_taken ->> (r.u::text || ' ' || r.d::text))::integer;
        id := v_session.id;
        user_id := v_session.user_id;
        title := v_session.title;
        created_at := v_session.created_at;
        updated_at := v_session.updated_at;
        user_message_id := v_user_message;
        ai_message_id := v_ai_message;
        history := v_history;
        return next;
      end loop;
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function chat_continue_conversations(uuid[], date[], integer[], uuid[], text[], text[], integer, text, uuid, integer)`.execute(db);
  await sql`drop index messages_streaming_idx`.execute(db);
  await db.schema.alterTable('messages').dropColumn('charged_day').dropColumn('lease_until').dropColumn('stream_process').dropColumn('stream_instance').execute();
}
