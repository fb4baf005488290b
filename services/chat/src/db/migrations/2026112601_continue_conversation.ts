import { sql, type Kysely } from 'kysely';

// Messages to existing conversations in one round trip and one commit, one message or a batch of them (the
// chat's group commit, as for new conversations): for each, the day's allowance, the conversation's lock and
// activity, its history as it stands under that lock, and the person's bubble with Keisha's empty answer after
// it. It was a transaction of six round trips (begin, counter, conversation, history, bubbles, commit) per
// message, holding the account's counter row throughout, so one account's messages queued behind one another's
// round trips (`bench:chat`, 100 at once: 188 ms p50 to accept, against 21 ms for new conversations, 2026-11-26).
//
// A function, not one statement with CTEs: the parts must run in order (the counter row is locked before the
// conversation's, as in every path, so two sends cannot deadlock), and each history must be read after the lock
// is taken, which in READ COMMITTED needs a snapshot of its own: each statement of a volatile plpgsql function
// takes one, where the parts of one statement share the snapshot taken before any lock was waited for.
//
// The arrays hold one message per position, in order of arrival. Each account's day (a group) takes all of its
// messages' uses at once, only if they all fit under the strictest limit among them as the row is found, else
// none; counters are locked in (account, day) order, then each taken message, in order of arrival: its
// conversation locked and marked (named after its title when it has none), its history read (so a second message
// to the same conversation sees the first), its bubbles written. One row per message written: its position
// (1-based), its day's count after the whole group, the conversation and bubbles, the history. No row for a
// refused group's messages. A conversation that is not the caller's raises P0002 and writes nothing (the caller
// then writes each message alone, so only that one fails).
export async function up(db: Kysely<any>): Promise<void> {
  // A conversation's newest rows as JSON, oldest first: what the model is asked with. One definition for the
  // read before a message (sessions.ts) and the read under the locks (below). plpgsql, not sql: PostgreSQL 15
  // plans a sql function's query again at every call (this one is not inlined), plpgsql once per connection.
  await sql`
    create function chat_recent_history(p_session uuid, p_rows integer) returns json
    language plpgsql stable as $fn$
    begin
      return (
        select coalesce(json_agg(h order by h.created_at, h.seq::bigint), '[]'::json)
        from (
          select m.id, m.session_id, m.user_prompt, m.ai_response, m.status, m.engine, m.sources, m.notes,
            m.seq::text as seq, m.created_at
          from messages as m where m.session_id = p_session
          order by m.created_at desc, m.seq desc limit p_rows
        ) as h
      );
    end
    $fn$`.execute(db);
  await sql`
    create function chat_continue_conversations(
      p_users uuid[], p_days date[], p_limits integer[], p_sessions uuid[], p_titles text[], p_texts text[], p_history_rows integer
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
        insert into messages as m (session_id, user_prompt, ai_response, status, created_at)
          values (r.s, null, '', 'streaming', clock_timestamp()) returning m.id into v_ai_message;
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
  await sql`drop function chat_continue_conversations(uuid[], date[], integer[], uuid[], text[], text[], integer)`.execute(db);
  await sql`drop function chat_recent_history(uuid, integer)`.execute(db);
}
