from tests.hand_log.fixtures import _data_dir, key_path, log_target, pg_server_url

__all__ = ["_data_dir", "key_path", "log_target", "pg_server_url"]
