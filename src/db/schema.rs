//! The diesel schema, identical for SQLite and PostgreSQL (portable column types only).

diesel::table! {
    problem_sets (id) {
        id -> Integer,
        slug -> Text,
        name -> Text,
        description -> Nullable<Text>,
        source -> Nullable<Text>,
        created_at -> BigInt,
        owner_id -> Nullable<Integer>,
        visibility -> Text,
        copied_from -> Nullable<Text>,
        retired -> Bool,
    }
}

diesel::table! {
    problems (id) {
        id -> Integer,
        set_id -> Integer,
        position -> Integer,
        file -> Text,
        sgf -> Text,
        size -> Integer,
        to_play -> Text,
        kind -> Text,
        black -> Text,
        white -> Text,
        vp_x0 -> Integer,
        vp_y0 -> Integer,
        vp_x1 -> Integer,
        vp_y1 -> Integer,
        name -> Nullable<Text>,
        comment -> Nullable<Text>,
        source -> Nullable<Text>,
        rating -> Double,
        rating_rd -> Double,
        rating_vol -> Double,
        created_at -> BigInt,
        version -> Integer,
        replaced_by -> Nullable<Integer>,
        retired -> Bool,
        copied_from -> Nullable<Text>,
    }
}

diesel::table! {
    tags (id) {
        id -> Integer,
        name -> Text,
    }
}

diesel::table! {
    problem_tags (problem_id, tag_id) {
        problem_id -> Integer,
        tag_id -> Integer,
    }
}

diesel::table! {
    attempts (id) {
        id -> Integer,
        problem_id -> Integer,
        learner_id -> Nullable<Integer>,
        started_at -> BigInt,
        ended_at -> Nullable<BigInt>,
        result -> Text,
        rated -> Bool,
        hints -> Integer,
        view -> Integer,
        review_id -> Nullable<Integer>,
        assessment_id -> Nullable<Integer>,
        solution_viewed -> Bool,
        move_count -> Integer,
    }
}

diesel::table! {
    attempt_moves (id) {
        id -> Integer,
        attempt_id -> Integer,
        seq -> Integer,
        mv -> Text,
        by_learner -> Bool,
        judged -> Nullable<Text>,
        comment -> Nullable<Text>,
        ms_since_prev -> BigInt,
        created_at -> BigInt,
    }
}

diesel::joinable!(problems -> problem_sets (set_id));
diesel::joinable!(problem_tags -> problems (problem_id));
diesel::joinable!(problem_tags -> tags (tag_id));
diesel::joinable!(attempts -> problems (problem_id));
diesel::joinable!(attempt_moves -> attempts (attempt_id));

diesel::table! {
    users (id) {
        id -> Integer,
        role -> Text,
        username -> Nullable<Text>,
        password_hash -> Nullable<Text>,
        display_name -> Text,
        picture_hash -> Nullable<Text>,
        parent_id -> Nullable<Integer>,
        family_code -> Nullable<Text>,
        rating -> Double,
        rating_rd -> Double,
        rating_vol -> Double,
        created_at -> BigInt,
        target_success -> Double,
        avatar -> Integer,
    }
}

diesel::table! {
    sessions (token_hash) {
        token_hash -> Text,
        user_id -> Integer,
        created_at -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    ratings_history (id) {
        id -> Integer,
        user_id -> Integer,
        attempt_id -> Integer,
        problem_id -> Integer,
        solved -> Bool,
        rating_before -> Double,
        rating_after -> Double,
        rd_after -> Double,
        problem_rating_after -> Double,
        created_at -> BigInt,
    }
}

diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(ratings_history -> users (user_id));

diesel::table! {
    classes (id) {
        id -> Integer,
        teacher_id -> Integer,
        name -> Text,
        code -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    class_members (class_id, learner_id) {
        class_id -> Integer,
        learner_id -> Integer,
    }
}

diesel::table! {
    reviews (id) {
        id -> Integer,
        learner_id -> Integer,
        problem_id -> Integer,
        stage -> Integer,
        due_at -> BigInt,
        view -> Integer,
        done_at -> Nullable<BigInt>,
        created_at -> BigInt,
    }
}

diesel::table! {
    concept_ratings (learner_id, concept) {
        learner_id -> Integer,
        concept -> Text,
        rating -> Double,
        rating_rd -> Double,
        rating_vol -> Double,
        attempts -> Integer,
        solved -> Integer,
    }
}

diesel::table! {
    assessments (id) {
        id -> Integer,
        learner_id -> Integer,
        started_at -> BigInt,
        ended_at -> Nullable<BigInt>,
        items -> Integer,
        estimate -> Double,
        sd -> Double,
        rank -> Nullable<Text>,
        rank_low -> Nullable<Text>,
        rank_high -> Nullable<Text>,
    }
}

diesel::table! {
    secret_checks (key) {
        key -> Text,
        failures -> Integer,
        lockouts -> Integer,
        locked_until -> Nullable<BigInt>,
    }
}

diesel::table! {
    devices (id) {
        id -> Integer,
        token_hash -> Text,
        family_id -> Nullable<Integer>,
        class_id -> Nullable<Integer>,
        created_by -> Nullable<Integer>,
        created_at -> BigInt,
        last_used_at -> BigInt,
        expires_at -> BigInt,
        revoked -> Bool,
    }
}

diesel::table! {
    assignments (id) {
        id -> Integer,
        set_id -> Integer,
        class_id -> Integer,
        starts_at -> BigInt,
        due_at -> BigInt,
        created_at -> BigInt,
    }
}

diesel::joinable!(assignments -> problem_sets (set_id));
diesel::joinable!(assignments -> classes (class_id));

diesel::table! {
    games (id) {
        id -> Integer,
        kind -> Text,
        size -> Integer,
        target -> Integer,
        mode -> Text,
        bot_level -> Nullable<Integer>,
        code -> Nullable<Text>,
        black_id -> Nullable<Integer>,
        white_id -> Nullable<Integer>,
        created_by -> Nullable<Integer>,
        moves -> Text,
        undos -> Integer,
        resigned -> Nullable<Text>,
        state -> Text,
        winner -> Nullable<Text>,
        result -> Nullable<Text>,
        version -> Integer,
        started_at -> BigInt,
        updated_at -> BigInt,
        ended_at -> Nullable<BigInt>,
    }
}

diesel::joinable!(devices -> classes (class_id));
diesel::joinable!(class_members -> classes (class_id));
diesel::joinable!(reviews -> problems (problem_id));

diesel::allow_tables_to_appear_in_same_query!(
    games,
    classes,
    class_members,
    reviews,
    concept_ratings,
    assessments,
    problem_sets,
    problems,
    tags,
    problem_tags,
    attempts,
    attempt_moves,
    users,
    sessions,
    ratings_history,
    secret_checks,
    devices,
    assignments
);
