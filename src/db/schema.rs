//! Diesel's view of the tables in `migrations/` (the same on both backends).

diesel::table! {
    app_settings (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    setup_tokens (id) {
        id -> Integer,
        token_hash -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    clubs (id) {
        id -> Integer,
        slug -> Text,
        name -> Text,
        created_at -> Timestamp,
        time_zone -> Text,
    }
}

diesel::table! {
    directors (id) {
        id -> Integer,
        club_id -> Integer,
        email -> Text,
        name -> Text,
        password_hash -> Text,
        role -> Text,
        created_at -> Timestamp,
        removed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    login_sessions (id) {
        id -> Integer,
        token_hash -> Text,
        director_id -> Integer,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    invites (id) {
        id -> Integer,
        token_hash -> Text,
        club_id -> Integer,
        email -> Text,
        created_by -> Integer,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Integer,
        director_id -> Integer,
        name -> Text,
        token_hash -> Text,
        created_at -> Timestamp,
        last_used_at -> Nullable<Timestamp>,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    login_attempts (id) {
        id -> Integer,
        email -> Text,
        ip -> Text,
        attempted_at -> Timestamp,
        ok -> Bool,
    }
}

diesel::table! {
    players (id) {
        id -> Integer,
        club_id -> Integer,
        name -> Text,
        membership_number -> Nullable<Text>,
        archived -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    events (id) {
        id -> Integer,
        club_id -> Integer,
        name -> Text,
        event_date -> Date,
        format -> Text,
        variant -> Text,
        tables -> Integer,
        boards -> Integer,
        trick_rule -> Text,
        trumps -> Text,
        status -> Text,
        deal_algorithm -> Nullable<Text>,
        deal_commitment -> Nullable<Text>,
        deal_key -> Nullable<Text>,
        hand_records_released -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        current_round -> Integer,
        round_started_at -> Nullable<Timestamp>,
        correction_minutes -> Integer,
        finished_at -> Nullable<Timestamp>,
        scale -> Text,
        compare -> Text,
        game -> Text,
        hands -> Integer,
        packs -> Integer,
        /// Moved on by the database's triggers with every write to the event's rows.
        version -> BigInt,
        sim_id -> Nullable<Integer>,
        game_minutes -> Integer,
        rebuild_minutes -> Integer,
        move_minutes -> Integer,
        clock_sound -> Bool,
    }
}

diesel::table! {
    sims (id) {
        id -> Integer,
        club_id -> Integer,
        name -> Text,
        released -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sim_heats (event_id) {
        event_id -> Integer,
        sim_id -> Integer,
        heat -> Integer,
        club_name -> Text,
        imported -> Bool,
    }
}

diesel::table! {
    event_entries (id) {
        id -> Integer,
        event_id -> Integer,
        number -> Integer,
        name -> Text,
        kind -> Text,
        created_at -> Timestamp,
        joined_round -> Nullable<Integer>,
        withdrawn_round -> Nullable<Integer>,
    }
}

diesel::table! {
    entry_players (entry_id, position) {
        entry_id -> Integer,
        position -> Integer,
        player_id -> Nullable<Integer>,
        guest_name -> Nullable<Text>,
    }
}

diesel::table! {
    movement_rows (id) {
        id -> Integer,
        event_id -> Integer,
        round -> Integer,
        table_number -> Integer,
        seat -> Text,
        entry_id -> Nullable<Integer>,
        board -> Integer,
    }
}

diesel::table! {
    results (id) {
        id -> Integer,
        event_id -> Integer,
        round -> Integer,
        table_number -> Integer,
        board -> Integer,
        majors_entry_id -> Nullable<Integer>,
        minors_entry_id -> Nullable<Integer>,
        majors_score -> Integer,
        minors_score -> Integer,
        entered_by -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        result_status -> Text,
        outcome -> Text,
        majors_adjusted -> Nullable<Text>,
        minors_adjusted -> Nullable<Text>,
        sheet -> Text,
        breakdown -> Nullable<Text>,
    }
}

diesel::table! {
    result_audit (id) {
        id -> Integer,
        result_id -> Integer,
        changed_by -> Text,
        changed_at -> Timestamp,
        old_value -> Nullable<Text>,
        new_value -> Text,
        reason -> Nullable<Text>,
    }
}

diesel::table! {
    deal_commitments (id) {
        id -> Integer,
        event_id -> Integer,
        algorithm -> Text,
        commitment -> Text,
        deal_key -> Text,
        published_at -> Timestamp,
        withdrawn_at -> Nullable<Timestamp>,
        withdrawn_reason -> Nullable<Text>,
        withdrawn_by -> Nullable<Integer>,
    }
}

diesel::table! {
    event_movements (event_id) {
        event_id -> Integer,
        options -> Text,
        plan -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        change_reason -> Nullable<Text>,
    }
}

diesel::table! {
    movement_changes (id) {
        id -> Integer,
        event_id -> Integer,
        from_round -> Integer,
        what -> Text,
        reason -> Text,
        changed_by -> Text,
        changed_at -> Timestamp,
        old_plan -> Text,
    }
}

diesel::table! {
    table_codes (event_id, table_number) {
        event_id -> Integer,
        table_number -> Integer,
        code -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    individual_options (event_id) {
        event_id -> Integer,
        options -> Text,
        plan -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    individual_rounds (event_id, round) {
        event_id -> Integer,
        round -> Integer,
        seating -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    board_pars (event_id, board, commitment) {
        event_id -> Integer,
        board -> Integer,
        commitment -> Text,
        games -> Integer,
        playouts -> Integer,
        figures -> Text,
        computed_at -> Timestamp,
    }
}

diesel::table! {
    round_clocks (event_id, round) {
        event_id -> Integer,
        round -> Integer,
        started_at -> Timestamp,
        play_seconds -> Integer,
        rebuild_seconds -> Integer,
        move_seconds -> Integer,
        paused_at -> Nullable<Timestamp>,
        paused_seconds -> Integer,
        extra_seconds -> Integer,
    }
}

diesel::table! {
    board_rebuilds (event_id, round, table_number, board) {
        event_id -> Integer,
        round -> Integer,
        table_number -> Integer,
        board -> Integer,
        rebuilt_at -> Timestamp,
    }
}

diesel::table! {
    online_moves (event_id, round, table_number, board, seq) {
        event_id -> Integer,
        round -> Integer,
        table_number -> Integer,
        board -> Integer,
        seq -> Integer,
        seat -> Text,
        card -> Text,
        played_at -> Timestamp,
    }
}

diesel::table! {
    duet_choices (event_id, round, table_number, board, deal, seat, step) {
        event_id -> Integer,
        round -> Integer,
        table_number -> Integer,
        board -> Integer,
        deal -> Integer,
        seat -> Text,
        step -> Text,
        value -> Text,
        cards_before -> Integer,
        chosen_at -> Timestamp,
    }
}

diesel::table! {
    event_games (event_id) {
        event_id -> Integer,
        fire_hands -> Integer,
        auction_setup -> Text,
    }
}

diesel::table! {
    event_play (event_id) {
        event_id -> Integer,
        play -> Text,
        opens -> Nullable<Timestamp>,
        closes -> Nullable<Timestamp>,
        robot_ms -> Integer,
        away_seconds -> Integer,
    }
}

diesel::table! {
    seat_links (token_hash) {
        token_hash -> Text,
        event_id -> Integer,
        round -> Integer,
        table_number -> Integer,
        board -> Nullable<Integer>,
        seat -> Text,
        entry_id -> Nullable<Integer>,
        created_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
        token -> Nullable<Text>,
        robot -> Bool,
        seen_at -> Nullable<Timestamp>,
        robot_seated_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    practice_tables (id) {
        id -> Integer,
        event_id -> Integer,
        club_id -> Integer,
        board -> Integer,
        seat -> Text,
        robot_ms -> Integer,
        created_at -> Timestamp,
        finished_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    event_paces (event_id) {
        event_id -> Integer,
        club_id -> Integer,
        game -> Text,
        games -> Integer,
        game_median_seconds -> Nullable<Integer>,
        game_slow_seconds -> Nullable<Integer>,
        rebuilds -> Integer,
        rebuild_median_seconds -> Nullable<Integer>,
        rebuild_slow_seconds -> Nullable<Integer>,
        computed_at -> Timestamp,
    }
}

diesel::joinable!(round_clocks -> events (event_id));
diesel::joinable!(board_rebuilds -> events (event_id));
diesel::joinable!(event_paces -> events (event_id));
diesel::joinable!(online_moves -> events (event_id));
diesel::joinable!(duet_choices -> events (event_id));
diesel::joinable!(seat_links -> events (event_id));
diesel::joinable!(practice_tables -> events (event_id));
diesel::joinable!(event_play -> events (event_id));
diesel::joinable!(event_games -> events (event_id));
diesel::joinable!(event_paces -> clubs (club_id));
diesel::joinable!(board_pars -> events (event_id));
diesel::joinable!(sim_heats -> events (event_id));
diesel::joinable!(sim_heats -> sims (sim_id));
diesel::joinable!(sims -> clubs (club_id));
diesel::joinable!(directors -> clubs (club_id));
diesel::joinable!(individual_options -> events (event_id));
diesel::joinable!(individual_rounds -> events (event_id));
diesel::joinable!(table_codes -> events (event_id));
diesel::joinable!(event_movements -> events (event_id));
diesel::joinable!(movement_changes -> events (event_id));
diesel::joinable!(deal_commitments -> events (event_id));
diesel::joinable!(login_sessions -> directors (director_id));
diesel::joinable!(api_tokens -> directors (director_id));
diesel::joinable!(invites -> clubs (club_id));
diesel::joinable!(players -> clubs (club_id));
diesel::joinable!(events -> clubs (club_id));
diesel::joinable!(event_entries -> events (event_id));
diesel::joinable!(entry_players -> event_entries (entry_id));
diesel::joinable!(entry_players -> players (player_id));
diesel::joinable!(results -> events (event_id));

diesel::allow_tables_to_appear_in_same_query!(
    app_settings,
    event_games,
    event_play,
    setup_tokens,
    clubs,
    directors,
    login_sessions,
    invites,
    api_tokens,
    login_attempts,
    players,
    events,
    deal_commitments,
    event_movements,
    movement_changes,
    table_codes,
    individual_options,
    individual_rounds,
    event_entries,
    entry_players,
    movement_rows,
    results,
    result_audit,
    board_pars,
    sims,
    sim_heats,
    round_clocks,
    board_rebuilds,
    event_paces,
    online_moves,
    seat_links,
    practice_tables,
    duet_choices,
);
