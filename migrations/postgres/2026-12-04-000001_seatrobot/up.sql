-- A robot seated for a person by the director (issue #39 item 4, helper "seatrobot"): the
-- time the director seated a robot at this person's seat link, NULL while the person plays
-- it. The person keeps the link and its page; while it is set the robots play the seat
-- (as a robot's seat) and the person's cards are refused. Giving the seat back sets it to
-- NULL. A new link issued for the seat (after a revoke) starts without it. See docs/online.md.
ALTER TABLE seat_links ADD COLUMN robot_seated_at TIMESTAMP;
