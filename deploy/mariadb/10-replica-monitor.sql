-- Runs once, on the primary's first start (docker-entrypoint-initdb.d), and replicates to the replica:
-- lets the API read SHOW REPLICA STATUS there, so a replica that stops or falls behind is taken out of rotation.
GRANT SLAVE MONITOR ON *.* TO 'voltcart'@'%';
