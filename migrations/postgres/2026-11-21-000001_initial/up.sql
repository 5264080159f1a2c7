-- The whole schema, including the tables the movement and scoring issues fill in.
-- Kept column for column in step with migrations/sqlite (INTEGER PRIMARY KEY there, SERIAL here).

-- Settings shared by every process on this database (e.g. the session cookie key).
CREATE TABLE app_settings (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

-- One-time links that create a club and its owner. Hashed, so a database leak gives no link.
CREATE TABLE setup_tokens (
    id SERIAL PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);

CREATE TABLE clubs (
    id SERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE directors (
    id SERIAL PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs(id),
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('owner', 'director')),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX directors_club ON directors(club_id);

-- A logged-in browser: the cookie holds the token, the row lets logout revoke it everywhere.
CREATE TABLE login_sessions (
    id SERIAL PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    director_id INTEGER NOT NULL REFERENCES directors(id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);

CREATE TABLE invites (
    id SERIAL PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    club_id INTEGER NOT NULL REFERENCES clubs(id),
    email TEXT NOT NULL,
    created_by INTEGER NOT NULL REFERENCES directors(id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);

CREATE TABLE api_tokens (
    id SERIAL PRIMARY KEY,
    director_id INTEGER NOT NULL REFERENCES directors(id),
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    last_used_at TIMESTAMP,
    revoked_at TIMESTAMP
);

-- Every login attempt, so rate limits hold across processes and restarts.
CREATE TABLE login_attempts (
    id SERIAL PRIMARY KEY,
    email TEXT NOT NULL,
    ip TEXT NOT NULL,
    attempted_at TIMESTAMP NOT NULL,
    ok BOOLEAN NOT NULL
);
CREATE INDEX login_attempts_email ON login_attempts(email, attempted_at);
CREATE INDEX login_attempts_ip ON login_attempts(ip, attempted_at);

CREATE TABLE players (
    id SERIAL PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs(id),
    name TEXT NOT NULL,
    membership_number TEXT,
    archived BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX players_membership ON players(club_id, membership_number)
    WHERE membership_number IS NOT NULL;

CREATE TABLE events (
    id SERIAL PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs(id),
    name TEXT NOT NULL,
    event_date DATE NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('team-match', 'pairs-mitchell', 'progressive')),
    variant TEXT NOT NULL,
    tables INTEGER NOT NULL,
    boards INTEGER NOT NULL,
    trick_rule TEXT NOT NULL,
    -- personal trump per seat N E S W: suit letter or '-', e.g. 'SDHC'
    trumps TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('draft', 'ready', 'running', 'finished', 'archived')),
    deal_algorithm TEXT,
    deal_commitment TEXT,
    -- never shown until hand_records_released
    deal_key TEXT,
    hand_records_released BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX events_club ON events(club_id, event_date);

-- A pair or a team entered in an event, numbered within it.
CREATE TABLE event_entries (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id),
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('pair', 'team', 'individual')),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, number)
);

CREATE TABLE entry_players (
    entry_id INTEGER NOT NULL REFERENCES event_entries(id),
    position INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (entry_id, position)
);

-- Who sits where and plays which board, per round and table.
CREATE TABLE movement_rows (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id),
    round INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    seat TEXT NOT NULL,
    entry_id INTEGER REFERENCES event_entries(id),
    board INTEGER NOT NULL,
    UNIQUE (event_id, round, table_number, seat, board)
);

-- One board played at one table. Per-player details are text in the engine's notation.
CREATE TABLE results (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id),
    round INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    board INTEGER NOT NULL,
    ns_entry_id INTEGER REFERENCES event_entries(id),
    ew_entry_id INTEGER REFERENCES event_entries(id),
    calypsos TEXT NOT NULL,
    in_progress TEXT NOT NULL,
    trick_piles TEXT NOT NULL,
    seat_scores TEXT NOT NULL,
    ns_score INTEGER NOT NULL,
    ew_score INTEGER NOT NULL,
    entered_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, round, table_number, board)
);

-- Every change to a result: who, when, before and after (JSON of the row).
CREATE TABLE result_audit (
    id SERIAL PRIMARY KEY,
    result_id INTEGER NOT NULL REFERENCES results(id),
    changed_by TEXT NOT NULL,
    changed_at TIMESTAMP NOT NULL,
    old_value TEXT,
    new_value TEXT NOT NULL
);
